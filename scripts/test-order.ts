import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in: the long ones first (issue 29).
 *
 * Vitest's own order, on a clean clone with no timings cached, is project by project and the
 * largest file first. Size is a poor guess for a few files whose one test does a great deal (the
 * hostile-input sweep over every route, the demo seed run twice, the axe visits whose screens are
 * listed in another file): small, they started last, and the run's final minutes were one worker
 * on one of them while the other had nothing left. Started first, the other files fill in around
 * them. A file on `heavy` starts before every other, in the list's order; the rest keep vitest's
 * order (failed first, then longest by cached time, then largest).
 */
export function heavyFirst(heavy: readonly string[]) {
  return class HeavyFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const root = this.ctx.config.root;
      const rank = (spec: TestSpecification) => {
        const path = relative(root, spec.moduleId);
        const index = heavy.findIndex((h) => path.endsWith(h));
        return index < 0 ? heavy.length : index;
      };
      const rest = await super.sort(files);
      // Within the rest, vitest's order; among heavy files, the list's. A stable sort keeps both.
      return rest.map((spec, i) => ({ spec, i, r: rank(spec) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.spec);
    }
  };
}

