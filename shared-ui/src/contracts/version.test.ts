import { describe, expect, it } from 'vitest';
import { CONTRACT_DECLARATION, CONTRACT_VERSION, contractCompatible, parseContractVersion } from './version.ts';

describe('the contract version', () => {
  it('is major.minor, declared whole for the built code', () => {
    expect(CONTRACT_VERSION).toMatch(/^\d+\.\d+$/);
    expect(CONTRACT_DECLARATION).toBe(`guestmap-contract@${CONTRACT_VERSION}`);
    expect(parseContractVersion('guestmap-contract@3.12')).toEqual({ major: 3, minor: 12 });
    expect(parseContractVersion('2.0')).toEqual({ major: 2, minor: 0 });
  });

  it('lets a shell load a remote of the same major, older or newer minor', () => {
    expect(contractCompatible('guestmap-contract@1.0', '1.0')).toBe(true);
    expect(contractCompatible('guestmap-contract@1.4', '1.0')).toBe(true);
    expect(contractCompatible('guestmap-contract@1.0', '1.4')).toBe(true);
    expect(contractCompatible(CONTRACT_DECLARATION)).toBe(true);
  });

  it('refuses a remote of another major, newer or older, and a declaration it cannot read', () => {
    expect(contractCompatible('guestmap-contract@2.0', '1.3')).toBe(false);
    expect(contractCompatible('guestmap-contract@1.9', '2.0')).toBe(false);
    expect(contractCompatible('two', '1.0')).toBe(false);
    expect(contractCompatible(2, '1.0')).toBe(false);
  });

  it('takes a remote that declares nothing as built before versions existed (1.0)', () => {
    expect(contractCompatible(undefined, '1.5')).toBe(true);
    expect(contractCompatible(undefined, '2.0')).toBe(false);
  });
});
