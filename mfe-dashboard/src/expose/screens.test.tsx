// The main states of the dashboard's screens (overview, recommendations, rewards, statements, partner portal,
// settings): loading, empty, error and filled, each rendered with renderWithPlatform against the local stack
// (PGlite with the seed, started once for the run by src/test/stack-setup.ts), signed in as a seeded account.
// "Empty" is a hotel added with nothing in it; "error" is a refusal of the database or no answer at all.
// Past 250 lines: six screens × four states in one file, so that one project runs them with one stack.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Json } from '@guestmap/shared-ui/database';
import {
  addEmptyHotel,
  EMPTY_HOTEL,
  HOTEL,
  holdReads,
  NOWHERE,
  PASSWORD,
  renderScreen,
  startStack,
  type Account,
  type TestStack,
} from '../test/render-dashboard.tsx';
import { errorKey } from '../lib/use-db.ts';
import { monthOf } from '../lib/months.ts';
import { Overview } from '../features/metrics/components/overview.tsx';
import { Recommendations } from '../features/recommendations/components/recommendations.tsx';
import { Rewards } from '../features/rewards/components/rewards.tsx';
import { Statements } from '../features/statements/components/statements.tsx';
import { PartnerPortal } from '../features/partner/components/portal.tsx';
import CustomerSettings from './customer-settings.tsx';

let stack: TestStack;
beforeAll(async () => {
  stack = startStack();
  await addEmptyHotel(stack);
});
afterEach(cleanup);

const WAIT = { timeout: 60_000 };
// Signing in and the first reads take seconds on a busy machine.
const SLOW = { timeout: 90_000 };
const customerRow = async (id: string) =>
  (await stack.service().from('customers').select('*').eq('id', id).single()).data!;
/** A client signed in as a seeded account (null: not signed in). */
async function as(account: Account | null) {
  const client = stack.client();
  if (account) await client.auth.signInWithPassword({ email: `${account}@demo.test`, password: PASSWORD });
  return client;
}
const spinning = (scope: ParentNode = document) => scope.querySelector('.ant-spin-spinning, .ant-card-loading');
const tableRows = (scope: ParentNode = document) => scope.querySelectorAll('.ant-table-tbody tr.ant-table-row');
/**
 * Renders `ui` with its reads held: `whileHeld` sees the screen while they are really in flight (not merely
 * the first frame), then they are let through and `loaded` waits for what the user sees once they arrive.
 */
async function whileLoading(
  render: () => Promise<unknown>,
  whileHeld: () => void,
  loaded: () => void | Promise<void>,
): Promise<void> {
  const gate = holdReads();
  try {
    await render();
    await waitFor(() => expect(gate.held()).toBeGreaterThan(0), WAIT);
    whileHeld();
    gate.release();
    await waitFor(loaded, WAIT);
  } finally {
    gate.restore();
  }
}

describe('Overview', SLOW, () => {
  it('loading: the figures’ cards wait for the answer, then show the figures', async () => {
    const card = () => screen.getByTestId('kpi-map_view');
    await whileLoading(
      () => renderScreen(<Overview hotel />, { stack, as: 'moderator' }),
      () => {
        expect(card().classList.contains('ant-card-loading')).toBe(true);
        expect(card().querySelector('.ant-statistic-content')).toBeNull();
      },
      () => {
        expect(card().classList.contains('ant-card-loading')).toBe(false);
        expect(card().querySelector('.ant-statistic-content')!.textContent).toMatch(/^\d[\d,]*$/);
      },
    );
  });

  it('filled: the period’s figures are the database’s', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const client = await as('moderator');
    const { data } = await client.rpc('dashboard_overview', { p_customer_id: HOTEL, p_days: 30, p_today: today });
    const views = Number((data as { current: { counts: Record<string, number> } }).current.counts.map_view ?? 0);
    const page = await renderScreen(<Overview hotel />, { stack, as: 'moderator' });
    await waitFor(
      () => expect(screen.getByTestId('kpi-map_view').classList.contains('ant-card-loading')).toBe(false),
      WAIT,
    );
    expect(
      screen.getByTestId('kpi-map_view').querySelector('.ant-statistic-content')!.textContent,
      JSON.stringify(page.toasts),
    ).toBe(new Intl.NumberFormat('en-US').format(views));
  });

  it('empty: a hotel without guests yet shows zeros and no place viewed', async () => {
    const page = await renderScreen(<Overview hotel />, { stack, as: 'traveller', customerId: EMPTY_HOTEL });
    await screen.findByText(page.i18n.t('dashboard:overview.noViews'), undefined, WAIT);
    expect(screen.getByTestId('kpi-map_view').querySelector('.ant-statistic-content')!.textContent).toBe('0');
  });

  it('error: a refusal (not a moderator of the hotel) is said in the user’s language', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const refused = await (
      await as('traveller')
    ).rpc('dashboard_overview', { p_customer_id: HOTEL, p_days: 30, p_today: today });
    expect(refused.error).not.toBeNull();
    const page = await renderScreen(<Overview hotel />, { stack, as: 'traveller' });
    const message = page.i18n.t(`dashboard:${errorKey(refused.error)}`);
    await waitFor(() => expect(page.toasts).toContainEqual({ type: 'error', message }), WAIT);
  });
});

describe('Recommendations', SLOW, () => {
  it('loading: the list spins until the places are read, then lists them', async () => {
    const customer = await customerRow(HOTEL);
    await whileLoading(
      () => renderScreen(<Recommendations customer={customer} />, { stack, as: 'moderator' }),
      () => {
        expect(document.querySelector('.ant-table-wrapper .ant-spin-spinning')).not.toBeNull();
        expect(tableRows()).toHaveLength(0);
      },
      () => {
        expect(document.querySelector('.ant-table-wrapper .ant-spin-spinning')).toBeNull();
        expect(tableRows().length).toBeGreaterThan(0);
      },
    );
  });

  it('filled: the hotel’s places in their order and the allowance used', async () => {
    const { data: places } = await stack
      .service()
      .from('activities')
      .select('title, published')
      .eq('customer_id', HOTEL)
      .order('sort_order')
      .order('created_at');
    const page = await renderScreen(<Recommendations customer={await customerRow(HOTEL)} />, {
      stack,
      as: 'moderator',
    });
    await waitFor(() => expect(tableRows().length, JSON.stringify(page.toasts)).toBeGreaterThan(0), WAIT);
    const shown = [...tableRows()].map((r) => r.querySelector('a.ant-typography')!.textContent);
    expect(shown).toEqual(places!.slice(0, 25).map((p) => pickText(p.title as Json, 'en')));
    expect(screen.getByTestId('allowance').textContent).toBe(
      page.i18n.t('dashboard:recs.allowanceUnlimited', { used: places!.filter((p) => p.published).length }),
    );
  });

  it('empty: a hotel without places shows the empty list and none of its allowance used', async () => {
    const page = await renderScreen(<Recommendations customer={await customerRow(EMPTY_HOTEL)} />, {
      stack,
      as: 'traveller',
      customerId: EMPTY_HOTEL,
    });
    await waitFor(() => expect(document.querySelector('.ant-table-wrapper .ant-empty')).not.toBeNull(), WAIT);
    expect(tableRows()).toHaveLength(0);
    expect(screen.getByTestId('allowance').textContent).toBe(
      page.i18n.t('dashboard:recs.allowance', { used: 0, limit: 20 }),
    );
  });

  it('error: no answer from the API is said in the user’s language and shows no place', async () => {
    const page = await renderScreen(<Recommendations customer={await customerRow(HOTEL)} />, {
      stack,
      apiUrl: NOWHERE,
    });
    const message = page.i18n.t('dashboard:errors.network');
    await waitFor(() => expect(page.toasts).toContainEqual({ type: 'error', message }), WAIT);
    expect(tableRows()).toHaveLength(0);
  });
});

describe('Rewards', SLOW, () => {
  it('loading: the campaigns card waits for the answer, then lists them', async () => {
    const customer = await customerRow(HOTEL);
    const { data } = await stack.service().from('reward_campaigns').select('title').eq('customer_id', HOTEL);
    expect(data!.length).toBeGreaterThan(0);
    let page!: Awaited<ReturnType<typeof renderScreen>>;
    await whileLoading(
      async () => (page = await renderScreen(<Rewards customer={customer} />, { stack, as: 'moderator' })),
      () => {
        expect(document.querySelector('.ant-card-loading')).not.toBeNull();
        expect(screen.queryByText(pickText(data![0]!.title as Json, 'en'))).toBeNull();
      },
      () => {
        expect(document.querySelector('.ant-card-loading')).toBeNull();
        expect(screen.getAllByText(pickText(data![0]!.title as Json, 'en'), { exact: false }).length).toBeGreaterThan(
          0,
        );
        expect(page.toasts).toEqual([]);
      },
    );
  });

  it('loading: no commission row until its figures are read (a row filling in later moves its buttons)', async () => {
    const customer = await customerRow(HOTEL);
    const { data: partners } = await stack
      .service()
      .from('activities')
      .select('id, commission_rate')
      .eq('customer_id', HOTEL)
      .eq('is_partner', true);
    expect(partners!.length).toBeGreaterThan(1);
    // Everything but the partners' staff goes through: the cards above fill in, the commission figures wait.
    const gate = holdReads((url) => url.includes('/rpc/list_partner_staff'));
    try {
      const page = await renderScreen(<Rewards customer={customer} />, { stack, as: 'moderator' });
      await waitFor(() => expect(gate.held()).toBeGreaterThan(0), WAIT);
      await screen.findAllByText(page.i18n.t('dashboard:rewards.oddsExplain'), undefined, WAIT);
      expect(document.querySelectorAll('[data-testid^="commission-"]')).toHaveLength(0);
      gate.release();
      await waitFor(
        () => expect(document.querySelectorAll('[data-testid^="commission-"]')).toHaveLength(partners!.length),
        WAIT,
      );
      for (const p of partners!)
        expect(screen.getByTestId(`rate-in-force-${p.id}`).textContent).toMatch(
          p.commission_rate === null ? page.i18n.t('dashboard:commission.none') : /%/,
        );
    } finally {
      gate.restore();
    }
  });

  it('filled: the hotel’s campaigns are listed', async () => {
    const { data } = await stack.service().from('reward_campaigns').select('title, kind').eq('customer_id', HOTEL);
    const page = await renderScreen(<Rewards customer={await customerRow(HOTEL)} />, { stack, as: 'moderator' });
    for (const c of data!)
      await screen.findAllByText(
        pickText(c.title as Json, 'en') || page.i18n.t(`dashboard:rewards.kinds.${c.kind}`),
        undefined,
        WAIT,
      );
    expect(data!.length).toBeGreaterThan(0);
  });

  it('empty: a hotel without campaigns says so', async () => {
    const page = await renderScreen(<Rewards customer={await customerRow(EMPTY_HOTEL)} />, {
      stack,
      as: 'traveller',
      customerId: EMPTY_HOTEL,
    });
    await waitFor(
      () =>
        expect(document.querySelector('.ant-empty-description')?.textContent, JSON.stringify(page.toasts)).toBe(
          page.i18n.t('dashboard:rewards.noCampaigns'),
        ),
      WAIT,
    );
  });

  it('error: no answer from the API is said in the user’s language', async () => {
    const page = await renderScreen(<Rewards customer={await customerRow(HOTEL)} />, { stack, apiUrl: NOWHERE });
    const message = page.i18n.t('dashboard:errors.network');
    await waitFor(() => expect(page.toasts).toContainEqual({ type: 'error', message }), WAIT);
  });
});

describe('Statements', SLOW, () => {
  const month = monthOf(new Date());

  it('loading: the month’s cards wait for the answer, then show the month', async () => {
    const customer = await customerRow(HOTEL);
    await whileLoading(
      () => renderScreen(<Statements customer={customer} />, { stack, as: 'moderator', query: 'tab=statements' }),
      () => {
        expect(document.querySelectorAll('.ant-card-loading').length).toBeGreaterThan(0);
        expect(tableRows()).toHaveLength(0);
      },
      () => {
        expect(document.querySelectorAll('.ant-card-loading')).toHaveLength(0);
        expect(tableRows().length).toBeGreaterThan(0);
      },
    );
  });

  it('filled: one line per partner and currency, and the pending and disputed items apart', async () => {
    const client = await as('moderator');
    const p_month = `${month}-01`;
    const lines = (await client.rpc('monthly_statement', { p_customer_id: HOTEL, p_month })).data!;
    const items = ((await client.rpc('monthly_statement_items', { p_customer_id: HOTEL, p_month })).data ?? []) as {
      id: string;
      status: string;
    }[];
    const apart = items.filter((i) => i.status !== 'confirmed');
    expect(lines.length + apart.length).toBeGreaterThan(0);
    await renderScreen(<Statements customer={await customerRow(HOTEL)} />, {
      stack,
      as: 'moderator',
      query: 'tab=statements',
    });
    await waitFor(() => expect(document.querySelectorAll('.ant-card-loading')).toHaveLength(0), WAIT);
    const [statement, apartCard] = [...document.querySelectorAll('.ant-card')] as HTMLElement[];
    expect(tableRows(statement!)).toHaveLength(lines.length);
    for (const i of apart) expect(within(apartCard!).getByTestId(`apart-${i.id}`)).toBeTruthy();
  });

  it('empty: a hotel without sales has an empty statement and nothing apart', async () => {
    const page = await renderScreen(<Statements customer={await customerRow(EMPTY_HOTEL)} />, {
      stack,
      as: 'traveller',
      customerId: EMPTY_HOTEL,
      query: 'tab=statements',
    });
    await screen.findByText(page.i18n.t('dashboard:statements.empty'), undefined, WAIT);
    const apart = screen.getByTestId('statement-apart');
    await waitFor(() => expect(apart.textContent).toContain(page.i18n.t('dashboard:settlement.noApart')), WAIT);
  });

  it('error: a refusal (not a moderator of the hotel) is shown in the user’s language', async () => {
    const refused = await (
      await as('traveller')
    ).rpc('monthly_statement', { p_customer_id: HOTEL, p_month: `${month}-01` });
    expect(refused.error).not.toBeNull();
    const page = await renderScreen(<Statements customer={await customerRow(HOTEL)} />, {
      stack,
      as: 'traveller',
      query: 'tab=statements',
    });
    const alert = await waitFor(() => {
      const a = document.querySelector('.ant-alert-error');
      expect(a).not.toBeNull();
      return a!;
    }, WAIT);
    expect(alert.textContent).toBe(page.i18n.t(`dashboard:${errorKey(refused.error)}`));
  });
});

describe('Partner portal', SLOW, () => {
  it('loading: a spinner until the account’s partners are read, then the partner’s heading', async () => {
    await whileLoading(
      () => renderScreen(<PartnerPortal />, { stack, as: 'partner', route: 'PartnerPortal' }),
      () => {
        expect(spinning()).not.toBeNull();
        expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      },
      () => {
        expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
      },
    );
  });

  it('filled: the partner’s month under its name', async () => {
    const mine = (await (await as('partner')).rpc('my_partners')).data!;
    const page = await renderScreen(<PartnerPortal />, { stack, as: 'partner', route: 'PartnerPortal' });
    const heading = await screen.findByRole('heading', { level: 1 }, WAIT);
    expect(heading.textContent).toBe(
      page.i18n.t('dashboard:partnerPortal.heading', { name: pickText(mine[0]!.title, 'en') || mine[0]!.hotel_name }),
    );
    await waitFor(() => expect(screen.getByTestId('portal-pin')).toBeTruthy(), WAIT);
  });

  it('empty: an account that is staff of no partner is told so', async () => {
    const page = await renderScreen(<PartnerPortal />, { stack, as: 'traveller', route: 'PartnerPortal' });
    await screen.findByText(page.i18n.t('dashboard:partnerPortal.noPartner'), undefined, WAIT);
    expect(screen.getByText(page.i18n.t('dashboard:partnerPortal.noPartnerHelp'))).toBeTruthy();
  });

  it('error: a refusal (not signed in) is said in the user’s language', async () => {
    const refused = await (await as(null)).rpc('my_partners');
    expect(refused.error).not.toBeNull();
    const page = await renderScreen(<PartnerPortal />, { stack, route: 'PartnerPortal' });
    await screen.findByText(page.i18n.t(`dashboard:${errorKey(refused.error)}`), undefined, WAIT);
  });
});

describe('Settings', SLOW, () => {
  it('loading: a spinner until the customer is read, then its settings', async () => {
    const row = await customerRow(HOTEL);
    await whileLoading(
      () => renderScreen(<CustomerSettings />, { stack, as: 'moderator', route: 'CustomerSettings' }),
      () => {
        expect(spinning()).not.toBeNull();
        expect(screen.queryByDisplayValue(row.name)).toBeNull();
      },
      () => {
        expect(spinning()).toBeNull();
        expect(screen.getByDisplayValue(row.name)).toBeTruthy();
      },
    );
  });

  it('filled: the customer’s settings under its name', async () => {
    const row = await customerRow(HOTEL);
    const page = await renderScreen(<CustomerSettings />, { stack, as: 'moderator', route: 'CustomerSettings' });
    await screen.findByText(page.i18n.t('dashboard:CustomerSettings.heading', { name: row.name }), undefined, WAIT);
    expect(screen.getByDisplayValue(row.name)).toBeTruthy();
  });

  it('empty: a customer that does not exist is "not found"', async () => {
    const page = await renderScreen(<CustomerSettings />, {
      stack,
      as: 'moderator',
      route: 'CustomerSettings',
      customerId: 'no-such-customer',
    });
    await screen.findByText(page.i18n.t('dashboard:errors.customer_not_found'), undefined, WAIT);
  });

  it('error: no answer from the API keeps the spinner and never says "not found"', async () => {
    const page = await renderScreen(<CustomerSettings />, {
      stack,
      route: 'CustomerSettings',
      apiUrl: NOWHERE,
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(spinning()).not.toBeNull();
    expect(screen.queryByText(page.i18n.t('dashboard:errors.customer_not_found'))).toBeNull();
  });
});
