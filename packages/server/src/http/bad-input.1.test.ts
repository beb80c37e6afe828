// Part 1 of the hostile-input sweep (bad-input.sweep.ts says why it is in parts).
import { sweepShard } from './bad-input.sweep.ts';

sweepShard(1);
