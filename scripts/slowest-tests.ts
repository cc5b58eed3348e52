import fs from 'node:fs';
import path from 'node:path';

/**
 * `tsx scripts/slowest-tests.ts DIR`: the ten test files that took longest in each JSON report under DIR (written
 * by the suites when TEST_TIMES_DIR is set), so the next change to CI's time starts from where the time goes; then
 * every test that failed, last, so that the end of a long log (all a CI page may keep) says what broke.
 */
interface Report {
    testResults: {
        name: string;
        startTime: number;
        endTime: number;
        status: string;
        /** A file that failed outside its tests (an import, a hook). */
        message?: string;
        assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
}

const dir = process.argv[2];
const reports = (fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.json')) : []).sort();
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
/** A failure's message and the test line it came from, not the whole stack. */
function gist(message = ''): string[] {
    const lines = message.split('\n').map((line) => line.trim()).filter(Boolean);
    const said = lines.filter((line) => !line.startsWith('at ')).slice(0, 3);
    const where = lines.find((line) => line.startsWith('at ') && line.includes('/test/'));
    return [...said, ...(where ? [where] : [])].map((line) => `      ${line.slice(0, 200)}`);
}

for (const file of reports) {
    const report = read(file);
    const files = report.testResults.map((r) => ({ name: path.relative(process.cwd(), r.name), seconds: (r.endTime - r.startTime) / 1000 }));
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    console.log(`\n${path.basename(file, '.json')}: ${files.length} files, ${Math.round(total)} s in all; the slowest:`);
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.name}`);
}

const failures = reports.flatMap((file) =>
    read(file).testResults.flatMap((result) => {
        const where = `${path.basename(file, '.json')}: ${path.relative(process.cwd(), result.name)}`;
        const failed = result.assertionResults.filter((test) => test.status === 'failed');
        if (!failed.length && result.status === 'failed') return [[`${where}`, ...gist(result.message)]];
        return failed.map((test) => [`${where} > ${test.fullName}`, ...gist(test.failureMessages[0])]);
    }),
);
if (failures.length) {
    console.log(`\nFailed: ${failures.length}`);
    for (const lines of failures) console.log(`  ${lines.join('\n')}`);
}
