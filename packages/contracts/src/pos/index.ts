export * from './messages.ts';
export * from './shapes.ts';
export * from './requests.ts';
export * from './integer-math.ts';
export * from './dcc.ts';
export * from './totals.ts';
export * from './payment-string.ts';
export * from './readiness.ts';
