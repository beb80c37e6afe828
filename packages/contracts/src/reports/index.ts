export * from './common.ts';
export * from './money-reports.ts';
export * from './other-reports.ts';
export * from './giving-reports.ts';
export * from './reconciliation.ts';
