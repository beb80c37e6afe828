// Every table, for Drizzle's relational queries and for drizzle-kit's migration generator.
export * from '../modules/users/users.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/settings/settings.tables.ts';
export * from '../modules/audit/audit.tables.ts';
