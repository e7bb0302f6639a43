// /create-customer: a signed-in user with an e-mail creates a map (hotel; cities are for
// administrators). The slug is suggested from the name and checked live; the position comes from
// the curated places, typed coordinates, or the map. Creation is one atomic RPC; the creator is
// its moderator at once (refreshProfile brings the claim) and lands on its Dashboard.
import { useCallback, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, List, Radio, Row, Typography } from 'antd';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { AntdProvider } from '../../../lib/components/antd-provider.tsx';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { customerErrorKey, isNetworkError } from '../../../lib/utils/errors.ts';
import { isSlugFormat, parseCoordinates, suggestSlug } from '../utils/slug.ts';
import {
  checkSlug,
  createCustomer,
  loadPlaces,
  searchPlaces,
  type Place,
  type SlugStatus,
} from '../api/load-places.ts';
import { PositionMap, round, type Position } from './position-map.tsx';

type SlugState = { slug: string; status: 'idle' | 'checking' | 'error' | SlugStatus };
const DEFAULT_CENTER: Position = { latitude: 10.7769, longitude: 106.7009 }; // Ho Chi Minh City

function useSlugCheck(slug: string): SlugState {
  const supabase = useSupabase();
  const [state, setState] = useState<SlugState>({ slug: '', status: 'idle' });
  const seq = useRef(0);
  useEffect(() => {
    const n = ++seq.current;
    if (!slug) {
      setState({ slug, status: 'idle' });
      return;
    }
    if (!isSlugFormat(slug)) {
      setState({ slug, status: 'slug_format' });
      return;
    }
    setState({ slug, status: 'checking' });
    const timer = setTimeout(() => {
      checkSlug(supabase, slug).then(
        (status) => n === seq.current && setState({ slug, status }),
        () => n === seq.current && setState({ slug, status: 'error' }),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [slug, supabase]);
  return state;
}

export function CustomerCreateScreen() {
  const { t } = useTranslation('account');
  const { profile, locale, toast, navigateTo, refreshProfile } = usePlatform();
  const supabase = useSupabase();
  const ids = {
    name: useId(),
    slug: useId(),
    search: useId(),
    lat: useId(),
    lng: useId(),
    zoom: useId(),
    kind: useId(),
  };
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [kind, setKind] = useState<'hotel' | 'city'>('hotel');
  const [position, setPosition] = useState<Position | null>(null);
  const [zoom, setZoom] = useState(16);
  const [latText, setLatText] = useState<number | null>(null);
  const [lngText, setLngText] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Array<{
    key: string;
    label: string;
    detail: string;
    position: Position;
    zoom: number;
  }> | null>(null);
  const places = useRef<Promise<Place[]> | null>(null);
  const [errors, setErrors] = useState<{ name?: string; slug?: string; position?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { busy, run } = useBusy('createCustomer');
  const slugState = useSlugCheck(slug);
  const isAdmin = profile?.isAdmin === true;

  const place = useCallback((p: Position, z?: number) => {
    setPosition(p);
    setLatText(p.latitude);
    setLngText(p.longitude);
    if (z) setZoom(z);
    setErrors((e) => ({ ...e, position: undefined }));
  }, []);

  const onName = (v: string) => {
    setName(v);
    setErrors((e) => ({ ...e, name: undefined }));
    if (!slugEdited) setSlug(suggestSlug(v));
  };

  const doSearch = async (q: string) => {
    const coords = parseCoordinates(q);
    if (coords) {
      setResults([
        {
          key: 'coords',
          label: t('customer.searchCoordinates', { latitude: coords.latitude, longitude: coords.longitude }),
          detail: '',
          position: coords,
          zoom,
        },
      ]);
      return;
    }
    if (!q.trim()) {
      setResults(null);
      return;
    }
    places.current ??= loadPlaces(supabase, locale).catch((e) => {
      places.current = null;
      throw e;
    });
    try {
      const found = searchPlaces(await places.current, q);
      setResults(
        found.map((p) => ({
          key: p.key,
          label: p.label,
          detail: p.detail,
          position: { latitude: p.latitude, longitude: p.longitude },
          zoom: p.zoom,
        })),
      );
    } catch (e) {
      setResults([]);
      setFormError(isNetworkError(e) ? 'customer.errors.network' : 'customer.errors.unknown');
    }
  };

  // Search as you type (debounced); Enter searches at once.
  // doSearch reads the latest state when the timer fires; only a change of the query restarts it.
  const searchSoon = useEffectEvent((q: string) => void doSearch(q));
  useEffect(() => {
    if (!query.trim()) {
      setResults(null);
      return;
    }
    const timer = setTimeout(() => searchSoon(query), 250);
    return () => clearTimeout(timer);
  }, [query]);

  const slugMessage = (): { status?: 'error' | 'success' | 'validating'; text: string } => {
    if (errors.slug) return { status: 'error', text: t(errors.slug) };
    switch (slugState.status) {
      case 'checking':
        return { status: 'validating', text: t('customer.slugChecking') };
      case 'ok':
        return { status: 'success', text: t('customer.slugOk') };
      case 'slug_format':
      case 'slug_reserved':
      case 'slug_taken':
        return { status: 'error', text: t(`customer.slugStatus.${slugState.status}`) };
      case 'error':
        return { status: 'error', text: t('customer.errors.network') };
      default:
        return { text: t('customer.slugHelp') };
    }
  };

  const submit = () => {
    setFormError(null);
    const e: typeof errors = {};
    if (!name.trim()) e.name = 'validation.required';
    else if (name.trim().length > 120) e.name = 'customer.errors.invalid_name';
    if (!slug) e.slug = 'validation.required';
    else if (!isSlugFormat(slug)) e.slug = 'customer.slugStatus.slug_format';
    else if (slugState.slug === slug && (slugState.status === 'slug_reserved' || slugState.status === 'slug_taken'))
      e.slug = `customer.slugStatus.${slugState.status}`;
    if (!position) e.position = 'customer.errors.invalid_position';
    setErrors(e);
    if (Object.values(e).some(Boolean) || !position) return;
    void run('create', async () => {
      try {
        await createCustomer(supabase, {
          id: slug,
          name,
          kind,
          latitude: position.latitude,
          longitude: position.longitude,
          zoom,
        });
      } catch (err) {
        const key = customerErrorKey(err);
        if (key.startsWith('customer.slugStatus.')) setErrors({ slug: key });
        else if (key === 'customer.errors.invalid_name') setErrors({ name: key });
        else if (key === 'customer.errors.invalid_position') setErrors({ position: key });
        else setFormError(key);
        return;
      }
      // The moderator claim is in the next token: get it before the Dashboard's guard looks.
      await refreshProfile().catch(() => undefined);
      toast.success(t('customer.success', { name: name.trim() }));
      navigateTo('Dashboard', { customerId: slug });
    });
  };

  const slugMsg = slugMessage();
  const origin = typeof window !== 'undefined' ? window.location.host : '';

  return (
    <AntdProvider>
      <main style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          {t('customer.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('customer.intro')}</Typography.Paragraph>
        <Card>
          <Form layout="vertical" requiredMark={false} onFinish={submit} noValidate>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('customer.name')}
                  htmlFor={ids.name}
                  validateStatus={errors.name ? 'error' : undefined}
                  help={errors.name ? t(errors.name) : undefined}
                >
                  <Input
                    id={ids.name}
                    value={name}
                    maxLength={120}
                    placeholder={t('customer.namePlaceholder')}
                    onChange={(e) => onName(e.target.value)}
                    aria-invalid={errors.name ? true : undefined}
                    autoFocus
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('customer.slug')}
                  htmlFor={ids.slug}
                  validateStatus={slugMsg.status}
                  hasFeedback={slugMsg.status !== undefined}
                  help={<span aria-live="polite">{slugMsg.text}</span>}
                >
                  <Input
                    id={ids.slug}
                    value={slug}
                    addonBefore={`${origin}/`}
                    maxLength={63}
                    autoCapitalize="none"
                    spellCheck={false}
                    aria-invalid={slugMsg.status === 'error' ? true : undefined}
                    onChange={(e) => {
                      setSlug(e.target.value.toLowerCase().replace(/\s+/g, '-'));
                      setSlugEdited(true);
                      setErrors((x) => ({ ...x, slug: undefined }));
                    }}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              label={<span id={ids.kind}>{t('customer.kind')}</span>}
              extra={!isAdmin ? t('customer.cityAdminOnly') : undefined}
            >
              <Radio.Group
                aria-labelledby={ids.kind}
                value={kind}
                onChange={(e) => setKind(e.target.value as 'hotel' | 'city')}
              >
                <Radio value="hotel">{t('customer.kinds.hotel')}</Radio>
                <Radio value="city" disabled={!isAdmin}>
                  {t('customer.kinds.city')}
                </Radio>
              </Radio.Group>
            </Form.Item>

            <Typography.Title level={2} style={{ fontSize: 18, marginTop: 8 }}>
              {t('customer.position')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('customer.positionHelp')}</Typography.Paragraph>
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item label={t('customer.search')} htmlFor={ids.search}>
                  <Input.Search
                    id={ids.search}
                    value={query}
                    placeholder={t('customer.searchPlaceholder')}
                    onChange={(e) => setQuery(e.target.value)}
                    onSearch={(v) => void doSearch(v)}
                    allowClear
                    aria-controls={`${ids.search}-results`}
                  />
                </Form.Item>
                <div id={`${ids.search}-results`} aria-live="polite">
                  {results && results.length === 0 && (
                    <Alert type="info" title={t('customer.searchNone')} style={{ marginBottom: 12 }} />
                  )}
                  {results && results.length > 0 && (
                    <List
                      size="small"
                      bordered
                      style={{ marginBottom: 12 }}
                      dataSource={results}
                      renderItem={(r) => (
                        <List.Item key={r.key} style={{ padding: 0 }}>
                          <Button
                            type="text"
                            block
                            style={{ textAlign: 'left', height: 'auto', padding: '8px 12px', whiteSpace: 'normal' }}
                            onClick={() => {
                              place(r.position, r.zoom);
                              setResults(null);
                            }}
                          >
                            <span>
                              <strong>{r.label}</strong>
                              {r.detail && (
                                <>
                                  <br />
                                  <Typography.Text type="secondary">{r.detail}</Typography.Text>
                                </>
                              )}
                            </span>
                          </Button>
                        </List.Item>
                      )}
                    />
                  )}
                </div>
                <Flex gap={8}>
                  <Form.Item
                    label={t('customer.latitude')}
                    htmlFor={ids.lat}
                    style={{ flex: 1 }}
                    validateStatus={errors.position ? 'error' : undefined}
                  >
                    <InputNumber
                      id={ids.lat}
                      value={latText}
                      min={-90}
                      max={90}
                      step={0.0001}
                      style={{ width: '100%' }}
                      onChange={(v) => {
                        setLatText(v);
                        if (typeof v === 'number' && typeof lngText === 'number')
                          place({ latitude: round(v), longitude: lngText });
                      }}
                    />
                  </Form.Item>
                  <Form.Item
                    label={t('customer.longitude')}
                    htmlFor={ids.lng}
                    style={{ flex: 1 }}
                    validateStatus={errors.position ? 'error' : undefined}
                  >
                    <InputNumber
                      id={ids.lng}
                      value={lngText}
                      min={-180}
                      max={180}
                      step={0.0001}
                      style={{ width: '100%' }}
                      onChange={(v) => {
                        setLngText(v);
                        if (typeof v === 'number' && typeof latText === 'number')
                          place({ latitude: latText, longitude: round(v) });
                      }}
                    />
                  </Form.Item>
                  <Form.Item label={t('customer.zoom')} htmlFor={ids.zoom} style={{ width: 96 }}>
                    <InputNumber
                      id={ids.zoom}
                      value={zoom}
                      min={1}
                      max={20}
                      step={1}
                      precision={0}
                      style={{ width: '100%' }}
                      onChange={(v) => typeof v === 'number' && setZoom(Math.min(20, Math.max(1, Math.round(v))))}
                    />
                  </Form.Item>
                </Flex>
                {errors.position && (
                  <Typography.Text type="danger" role="alert">
                    {t(errors.position)}
                  </Typography.Text>
                )}
              </Col>
              <Col xs={24} md={14}>
                <PositionMap
                  position={position}
                  zoom={zoom}
                  fallbackCenter={DEFAULT_CENTER}
                  label={t('customer.mapLabel')}
                  onChange={place}
                  onZoom={setZoom}
                />
              </Col>
            </Row>
            {formError && <Alert type="error" showIcon title={t(formError)} style={{ marginTop: 16 }} />}
            <Flex justify="end" style={{ marginTop: 16 }}>
              <Button type="primary" size="large" htmlType="submit" loading={busy !== null}>
                {t('customer.submit')}
              </Button>
            </Flex>
          </Form>
        </Card>
      </main>
    </AntdProvider>
  );
}
