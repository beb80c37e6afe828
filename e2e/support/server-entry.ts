// The browser suite's server: Almoner exactly as main.ts starts it, with the test harness's
// request capture wired in (the card scan reads what it wrote; card-scan.ts). The server a
// charity runs has no switch that turns this on.
import { startAlmoner } from '../../packages/server/src/server.ts';
import { registerRequestCapture } from '../../packages/server/src/test/request-capture.ts';

await startAlmoner({ instrument: registerRequestCapture });
