// The contract's public surface against its checked-in API report (shared-ui/contracts.api.md): a change
// of the contract without the report regenerated (and the contract version bumped) fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_TYPES,
  REGENERATE,
  REPORT_FILE,
  bumpNeeded,
  contractSurface,
  renderReport,
  type ApiEntry,
} from '../../scripts/api-report.ts';
import { CONTRACT_VERSION, parseContractVersion } from './version.ts';

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

  it('sees the database schema: generated types changed without a contract bump fail the version gate', () => {
    const checkedIn = fs.readFileSync(REPORT_FILE, 'utf8');
    const types = fs.readFileSync(DATABASE_TYPES, 'utf8');
    const { major, minor } = parseContractVersion(CONTRACT_VERSION)!;
    // What a migration and `gen:types` would write: a column added to a table, an RPC argument renamed.
    const changes = [
      types.replace(/( {6}customers: \{\n {8}Row: \{\n)/, '$1          fax: string | null\n'),
      types.replace(/( {6}close_month: \{\n {8}Args: \{\n {10})p_customer_id:/, '$1p_hotel_id:'),
    ];
    for (const changed of changes) {
      expect(changed).not.toBe(types);
      const surface = contractSurface(changed);
      expect(renderReport(surface)).not.toBe(checkedIn);
      expect(bumpNeeded(checkedIn, surface)).toMatch(/changed: Database\b/);
      expect(bumpNeeded(checkedIn, surface, `${major}.${minor + 1}`)).toBeNull();
    }
    // Comments and layout are not the shape: the report stays as it is.
    const relaid = `// regenerated\n${types.replace(/\n/g, '\n\n').replace(/: /g, ':  ')}`;
    expect(renderReport(contractSurface(relaid))).toBe(checkedIn);
  }, 60_000);
});
