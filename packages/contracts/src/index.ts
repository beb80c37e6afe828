export * from './errors.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './auth.ts';
export * from './permissions.ts';
export * from './audit.ts';
