// The contract's public surface against its checked-in API report (shared-ui/contracts.api.md): a change
// of the contract without the report regenerated (and the contract version bumped) fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  REGENERATE,
  REPORT_FILE,
  bumpNeeded,
  contractSurface,
  renderReport,
  type ApiEntry,
} from '../../scripts/api-report.ts';
import { CONTRACT_VERSION } from './version.ts';

describe('the API report of @guestmap/shared-ui/contracts', () => {
  it('is up to date with the contract', () => {
    const checkedIn = fs.readFileSync(REPORT_FILE, 'utf8');
    const now = renderReport(contractSurface());
    expect(
      now === checkedIn,
      `The contract's surface differs from shared-ui/contracts.api.md: run ${REGENERATE} (it asks for the contract version bump the change needs) and commit the report.`,
    ).toBe(true);
  }, 60_000);

  it('records the current contract version', () => {
    expect(fs.readFileSync(REPORT_FILE, 'utf8')).toContain(`Contract version: **${CONTRACT_VERSION}**`);
  });

  it('refuses a changed surface under the same version, and a removal without a new major', () => {
    const a: ApiEntry = { name: 'a', kind: 'const', text: 'const a: string;' };
    const b: ApiEntry = { name: 'b', kind: 'function', text: 'function b(): void;' };
    const report = renderReport([a, b], '1.2');
    expect(bumpNeeded(report, [a, b], '1.2')).toBeNull();
    expect(bumpNeeded(report, [a, b, { ...b, name: 'c' }], '1.2')).toMatch(/guestmap-contract@1\.3/);
    expect(bumpNeeded(report, [a, b, { ...b, name: 'c' }], '1.3')).toBeNull();
    expect(bumpNeeded(report, [a, { ...b, text: 'function b(x: number): void;' }], '1.2')).toMatch(/changed: b/);
    expect(bumpNeeded(report, [a], '1.3')).toMatch(/removed: b.*guestmap-contract@2\.0/);
    expect(bumpNeeded(report, [a], '2.0')).toBeNull();
  });
});
