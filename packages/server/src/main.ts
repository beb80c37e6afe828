import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { browsableUrl, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { ensureAdmin } from './modules/auth/auth.service.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
await migrateDatabase(database);
const app = await buildApp({ database, config, logger: true });
await ensureAdmin(app.ctx);
if (process.env.ALMONER_SEED !== '0') await seedDemoIfEmpty(database, (line) => app.log.info(line));
await app.listen({ port: config.port, host: config.host });

// Printed only now that the server is listening, with the address it really took.
const { port } = app.server.address() as AddressInfo;
const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}/db`;
console.log(`\nAlmoner is running on ${where}: ${browsableUrl(config.host, port)}/jpanel`);
console.log(`Sign in as ${config.adminEmail} / ${process.env.ALMONER_ADMIN_PASSWORD ? '(the password you set)' : config.adminPassword}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}
