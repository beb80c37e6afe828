import { formatMoney } from '../money.ts';

/**
 * The point of sale's messages. Spec part 3 §5 and §8 word for word; the incumbent's server
 * messages (reference §6) where the spec is silent; "(ours)" where neither shows one.
 */
export const posMessages = {
  // spec §5 — before payment
  noItems: 'There are no items in this order.',
  downloadsNeedEmail: 'Downloads require a billing e-mail.',
  membershipsNeedBilling: 'Memberships require either: a supporter or all billing information',
  /** (ours, same voice as the membership rule) */
  recurringNeedsBilling: 'Recurring plans require either: a supporter or all billing information',
  insufficientCash: 'Insufficient cash paid.',
  otherReferenceRequired: 'Please provide a reference number for proof of payment.',
  invalidPaymentType: 'Unable to finalize payment. Payment type is invalid.',
  childReferenceRequired: 'Provide a child reference number.',
  fundraiserRequired: 'Choose a fundraiser.',
  multiSelectRequired: 'Please make at least one choice.',
  noDefaultsToSave: 'No defaults to save. You need to start a contribution first.',
  noDefaultVariant: 'No default variant set.',
  // spec §8 — toasts and alerts of the screen
  bookmarkFailed: 'Failed to save bookmark.',
  startFailed: 'There was a problem starting your contribution.',
  addFailed: "We couldn't add the item to the contribution.",
  addError: 'Error adding item to cart.',
  removeError: 'Error removing item from cart.',
  paymentUnknownError: 'Unknown error (521)',
  saved: 'Saved',
  // spec §2.3 — payment dialog
  noPaymentRequired: 'No Payment Required',
  processingPayment: 'Processing Payment',
  complete: (invoiceNumber: string) => `Contribution #${invoiceNumber} Complete!`,
  // incumbent §6.2 — adding items
  amountMinimum: (minor: number, currency: string) => `Must be greater than ${formatMoney(minor, currency)}`,
  oneMembership: 'You can only purchase one type of membership.',
  noProductSelected: 'No product selected.',
  quantityZero: 'Quantity is 0.',
  addAfterPaid: (clientUuid: string) => `Unable to add items after a contribution has been paid (Contribution: ${clientUuid})`,
  /** (ours) the incumbent's "limited stock" wording is not in the reference. */
  limitedStock: (n: number) => (n === 1 ? 'Sorry, there is only 1 left.' : `Sorry, there are only ${n} left.`),
  // incumbent §2.8 — removing items
  removeAfterPaid: 'Cannot remove items from a completed contribution.',
  removeBundleChild: 'Cannot remove items that are part of a bundle.',
  // incumbent §2.8 / §6.5 — promo codes
  promosCleared: 'Promo codes cleared.',
  promosApplied: 'Promo codes applied.',
  codeNotFound: 'Code not found.',
  codeExpired: 'Code has expired.',
  codeUsedUp: 'Code is no longer valid.',
  codePerCustomer: (n: number) => `Code can only be used (${n}) per customer.`,
  codeMembersOnly: 'Code is only available to members.',
  codeActiveMemberships: 'Code is only available to active memberships.',
  codeNotApplied: (code: string) => `We could not apply ${code} to any of the items.`,
  /** (ours) after a supporter change a per-account or members-only code stops applying. */
  codesRemoved: (codes: string[]) => `Promo code${codes.length === 1 ? '' : 's'} removed: ${codes.join(', ')}.`,
  // incumbent §2.8 — sponsorships and fundraising pages
  childNotFound: (reference: string) => `Child reference '${reference}' not found.`,
  alreadySponsored: (name: string) => `${name} has already been sponsored.`,
  /** (ours) the incumbent requires a payment option without showing the message. */
  paymentOptionRequired: 'Choose a payment option.',
  /** (ours) */
  customAmountRequired: 'Enter an amount for this payment option.',
  fundraisingPageNotFound: (id: number | string) => `Fundraising page id '${id}' not found.`,
  // incumbent §6.3 — completion (used by the completion route)
  paymentMethodMissing: 'Payment method does not exist.',
  notAPaymentType: (type: string) => `Contribution cannot be completed. '${type}' is not a valid payment type.`,
  unsupportedPaymentType: 'Unsupported payment type.',
  // ours — the order itself
  orderNotFound: 'This contribution does not exist.',
  notPosOrder: 'This contribution was not started at the point of sale.',
  orderPaid: 'This contribution has been paid and can no longer be changed.',
  started: 'Contribution started.',
  updated: 'Contribution updated.',
  itemAdded: 'Item added to the contribution.',
  itemRemoved: 'Item removed from the contribution.',
  itemNotFound: 'This item is not in the contribution.',
  variantNotFound: 'This variant does not exist.',
  productNotFound: 'This product does not exist.',
  notInPos: 'This product is not offered at the point of sale.',
  notForSale: 'This item is sold out.',
  qtyRange: (max: number) => `Choose a quantity from 1 to ${max}.`,
  amountRequired: 'Enter an amount.',
  choiceNotOffered: 'Choose one of the listed options.',
  fieldRequired: (name: string) => `${name} is required.`,
  unknownSupporter: 'This supporter does not exist.',
  unknownAccountType: 'This account type does not exist.',
  unknownShippingMethod: 'This shipping method does not ship to this address.',
  sponseeNotFound: 'This sponsee does not exist.',
  pageNotActive: 'This fundraising page is not accepting gifts.',
  currencyNotConvertible: (currency: string) => `Prices cannot be shown in ${currency}: there is no exchange rate for it yet.`,
  defaultsSaved: 'Your point-of-sale defaults were saved.',
  defaultsCleared: 'Your point-of-sale defaults were cleared.',
  bookmarked: 'Bookmark saved.',
  /** (ours, issue 41) open sales: started here, not paid, no payment tried; kept out of the ledger. */
  openSaleDiscarded: 'The open sale was discarded.',
  openSaleResumed: 'Open sale resumed.',
  notAnOpenSale: 'A payment was tried on this contribution: it is in Contributions, not among the open sales.',
  noOpenSales: 'No open sales. A sale set aside with "New contribution" waits here until it is paid or discarded.',
  unbookmarked: 'Bookmark removed.',
} as const;
