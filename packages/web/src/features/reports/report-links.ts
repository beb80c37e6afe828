/** Every report page, its permission (the one its route checks) and a line on what it shows. */
export const reportLinks = [
  { label: 'Transaction history', to: '/reports/transactions', permission: 'transaction.view', description: 'Every charge of every recurring profile.' },
  { label: 'Payments', to: '/reports/payments', permission: 'reports.payments_details', description: 'Every payment, with what was kept by gateway and brand.' },
  { label: 'Payments by item', to: '/reports/payments-by-item', permission: 'reports.payments_details', description: 'Each line of each contribution paid for.' },
  { label: 'Orders by product', to: '/reports/products', permission: 'reports.orders_by_product', description: 'Each product\'s paid contributions, quantity and amount.' },
  { label: 'Platform fees', to: '/reports/platform-fees', permission: 'reports.transaction_fees', description: 'One month of platform fees, and the costs donors covered.' },
  { label: 'Donor covers costs', to: '/reports/donor-covers-costs', permission: 'reports.donor_covers_costs', description: 'Lines where donors covered the costs, with conversions.' },
  { label: 'Impact by supporter', to: '/reports/impact-by-supporter', permission: 'member.view', description: 'Lifetime giving, and what referred supporters gave.' },
  { label: 'Campaign results', to: '/reports/campaign-results', permission: 'reports.payments_details', description: 'A campaign against its goal: donors and average gift, by appeal and by day.' },
  { label: 'Reconciliation', to: '/reports/reconciliation', permission: 'reports.payments_details', description: "Almoner's ledger beside the gateway's record, day by day, and every difference." },
  { label: 'Totals by fund', to: '/reports/fund-totals', permission: 'reports.payments_details', description: 'Each fund\'s gifts in a period, given, refunded and net: to close the month.' },
  { label: 'LYBUNT and SYBUNT', to: '/reports/lapsed-donors', permission: 'reports.payments_details', description: 'Donors who gave last year or before, not this year; start an appeal with them.' },
  { label: 'Donor retention', to: '/reports/donor-retention', permission: 'reports.payments_details', description: 'New, retained, recovered and lapsed donors per year, and the retention rate.' },
  { label: 'Abandoned carts', to: '/reports/abandoned-carts', permission: 'reports.abandoned_carts', description: 'Carts started online and never paid.' },
] as const;
