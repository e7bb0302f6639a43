import { afterEach, describe, expect, it } from 'vitest';
import { connectivity } from '@guestmap/shared-ui/contracts';
import { adoptEarlyApiCheck, removeEarlyNotice } from './early-api-check.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the page’s first check of the API (start.js) as the shell’s first outcome', () => {
  afterEach(() => connectivity.reportUp());

  it('no answer: the page is down before any screen has asked anything', async () => {
    adoptEarlyApiCheck(Promise.resolve(0));
    await settle();
    expect(connectivity.getState().status).toBe('down');
  });

  it('a server fault is down too; an answer is up', async () => {
    adoptEarlyApiCheck(Promise.resolve(503));
    await settle();
    expect(connectivity.getState().status).toBe('down');
    adoptEarlyApiCheck(Promise.resolve(200));
    await settle();
    expect(connectivity.getState().status).toBe('online');
  });

  it('a page without the check changes nothing', async () => {
    adoptEarlyApiCheck(undefined);
    await settle();
    expect(connectivity.getState().status).toBe('online');
  });

  it('the shell’s notice takes the early one’s place', () => {
    document.body.innerHTML = '<p id="gm-early-notice" role="status">Still trying to reach the server…</p>';
    removeEarlyNotice();
    expect(document.getElementById('gm-early-notice')).toBeNull();
  });
});
