import { describe, expect, it } from 'vitest';
import type { Campaign } from '../api/list-reward-campaigns.ts';
import type { Prize } from '../api/list-reward-prizes.ts';
import {
  campaignArgs,
  campaignValues,
  prizeArgs,
  prizeValues,
  type CampaignValues,
  type PrizeValues,
} from './reward-forms.ts';

const SIX = { en: 'Jackpot', vi: 'Giải lớn', fr: 'Gros lot', zh: '大奖', ko: '잭팟', ja: 'ジャックポット' };

describe('reward forms', () => {
  it('a prize opened and saved unchanged keeps its text in all six languages', () => {
    const prize = {
      id: 'p1',
      campaign_id: 'c1',
      kind: 'points',
      label: SIX,
      points: 500,
      activity_id: null,
      discount_pct: null,
      discount_text: null,
      valid_days: 30,
      weight: 1,
      stock: null,
      sort_order: 10,
      created_at: '2026-11-01T00:00:00Z',
    } as unknown as Prize;
    const args = prizeArgs(prizeValues(prize) as PrizeValues, 'p1', 'c1', 10);
    expect(args.p_label).toEqual(SIX);
  });

  it('a campaign opened and saved unchanged keeps its title in all six languages', () => {
    const campaign = {
      id: 'c1',
      customer_id: 'h',
      kind: 'fortune_wheel',
      title: SIX,
      active: true,
      daily_limit: 3,
      starts_at: null,
      ends_at: null,
    } as unknown as Campaign;
    const args = campaignArgs(campaignValues(campaign) as CampaignValues, 'c1', 'h');
    expect(args.p_title).toEqual(SIX);
  });

  it('blank languages are left out and texts trimmed', () => {
    const args = prizeArgs(
      { kind: 'nothing', label_en: ' Try again ', label_ko: '  ', label_ja: ' もう一度 ', weight: 1 } as PrizeValues,
      null,
      'c1',
      10,
    );
    expect(args.p_label).toEqual({ en: 'Try again', ja: 'もう一度' });
  });

  it("a voucher's value in đồng: a single value is saved as both ends, opened with the highest empty; none on points", () => {
    const voucher = {
      kind: 'voucher',
      label_en: 'Pastry',
      activity_id: 'a1',
      discount_pct: 100,
      weight: 1,
    } as PrizeValues;
    expect(prizeArgs({ ...voucher, value_min_vnd: 65_000 }, null, 'c1', 10)).toMatchObject({
      p_value_min_vnd: 65_000,
      p_value_max_vnd: 65_000,
    });
    expect(prizeArgs({ ...voucher, value_min_vnd: 40_000, value_max_vnd: 90_000 }, null, 'c1', 10)).toMatchObject({
      p_value_min_vnd: 40_000,
      p_value_max_vnd: 90_000,
    });
    expect(prizeArgs({ ...voucher, kind: 'points', points: 5, value_min_vnd: 40_000 }, null, 'c1', 10)).toMatchObject({
      p_value_min_vnd: null,
      p_value_max_vnd: null,
    });
    const saved = { kind: 'voucher', label: { en: 'P' }, value_min_vnd: 65_000, value_max_vnd: 65_000 };
    expect(prizeValues(saved as unknown as Parameters<typeof prizeValues>[0])).toMatchObject({
      value_min_vnd: 65_000,
      value_max_vnd: null,
    });
  });
});
