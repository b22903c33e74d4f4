// Order of the test files: Vitest's own (client project before server, larger or, with its cache, longer files
// first), except that the walks over every route go first. A fresh clone has no cache of durations, so Vitest
// would start these small files late and the run would end with one of them on one core while the other is idle;
// started first, they run beside all the rest.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['tests/server/api/fuzz.test.ts', 'tests/server/security/least-privilege.test.ts'];

export class LongWalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = FIRST.findIndex((path) => f.moduleId.endsWith(path));
      return i === -1 ? FIRST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
