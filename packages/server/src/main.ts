// The server a charity runs (`npm start`): configured by the environment alone (README).
import { startAlmoner } from './server.ts';

await startAlmoner();
