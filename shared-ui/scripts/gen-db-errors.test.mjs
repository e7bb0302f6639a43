// The error codes the UI's tables are typed with (src/contracts/db-errors.ts) are the migrations' own.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codesOf, OUTPUT, readMigrations, render } from './gen-db-errors.mjs';

describe('db-errors.ts', () => {
  it('is what the migrations generate (run `pnpm --filter @guestmap/shared-ui gen:db-errors` after a new code)', () => {
    expect(fs.readFileSync(OUTPUT, 'utf8')).toBe(render(codesOf(readMigrations())));
  });

  it('reads codes raised plainly, built from an enum, and returned as JSON; refuses one it cannot read', () => {
    const sql = [
      "create type public.invitation_status as enum ('pending', 'expired');",
      "declare v_status public.invitation_status; begin raise exception 'x' using errcode = 'P0001', detail = 'invitation_' || v_status::text; end;",
      "raise exception 'Customer not found' using errcode = 'P0001', detail = 'customer_not_found';",
      "return jsonb_build_object('ok', false, 'details', 'wrong_pin');",
    ];
    expect(codesOf(sql)).toEqual(['customer_not_found', 'invitation_expired', 'invitation_pending', 'wrong_pin']);
    expect(() => codesOf(["raise exception 'x' using detail = v_code;"])).toThrow(/cannot read the code/);
  });
});
