// Prints the closing lines that CI reads: the slowest test files (where CI time goes) and
// "jest: N passed, N failed, N skipped".
class SummaryReporter {
  constructor() {
    this.durations = [];
  }
  onTestResult(test, result) {
    const { start, end } = result.perfStats;
    if (start && end) this.durations.push([end - start, test.path.replace(`${process.cwd()}/`, '')]);
  }
  onRunComplete(_contexts, results) {
    const slowest = this.durations.sort((a, b) => b[0] - a[0]).slice(0, 25);
    const total = this.durations.reduce((sum, [ms]) => sum + ms, 0);
    process.stdout.write(`\nslowest test files (of ${(total / 1000).toFixed(0)} s in all files):\n`);
    for (const [ms, file] of slowest) process.stdout.write(`${(ms / 1000).toFixed(1).padStart(7)} s  ${file}\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\njest: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
