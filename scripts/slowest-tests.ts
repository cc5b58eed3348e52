import fs from 'node:fs';
import path from 'node:path';

/**
 * `tsx scripts/slowest-tests.ts DIR`: the ten test files that took longest in each JSON report under DIR (written
 * by the suites when TEST_TIMES_DIR is set), so the next change to CI's time starts from where the time goes.
 */
interface Report {
    testResults: { name: string; startTime: number; endTime: number }[];
}

const dir = process.argv[2];
const reports = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
for (const file of reports.sort()) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
    const files = report.testResults.map((r) => ({ name: path.relative(process.cwd(), r.name), seconds: (r.endTime - r.startTime) / 1000 }));
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    console.log(`\n${path.basename(file, '.json')}: ${files.length} files, ${Math.round(total)} s in all; the slowest:`);
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.name}`);
}
