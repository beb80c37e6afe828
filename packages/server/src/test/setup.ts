import { afterAll } from 'vitest';
import { closeOpenResources } from './open-resources.ts';

// Registered before the test file's own hooks, so it runs after them: whatever the file's tests
// opened and did not close (test-app.ts, test-db.ts) is closed before the next file starts.
afterAll(closeOpenResources);
