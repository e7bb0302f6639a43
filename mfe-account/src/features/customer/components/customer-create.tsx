// /create-customer: a signed-in user with an e-mail creates a map (hotel; cities are for
// administrators). The slug is suggested from the name and checked live; the position comes from
// the curated places, typed coordinates, or the map. Creation is one atomic RPC; the creator is
// its moderator at once (refreshProfile brings the claim) and lands on its Dashboard.
import { useCallback, useId, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Radio, Row, Typography } from 'antd';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { AntdProvider } from '../../../lib/components/antd-provider.tsx';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { customerErrorKey } from '../../../lib/utils/errors.ts';
import { isSlugFormat, suggestSlug } from '../utils/slug.ts';
import { createCustomer } from '../api/create-customer.ts';
import { useSlugCheck } from '../hooks/use-slug-check.ts';
import { usePlaceSearch } from '../hooks/use-place-search.ts';
import { PlaceSearch } from './place-search.tsx';
import { CoordinateFields, MapPicker, type Point as Position } from '@guestmap/shared-ui/map-picker';

const DEFAULT_CENTER: Position = { latitude: 10.7769, longitude: 106.7009 }; // Ho Chi Minh City

export function CustomerCreateScreen() {
  const { t } = useTranslation('account');
  const { profile, toast, navigateTo, refreshProfile } = usePlatform();
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
  const [errors, setErrors] = useState<{ name?: string; slug?: string; position?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { busy, run } = useBusy('createCustomer');
  const search = usePlaceSearch(zoom, setFormError);
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
                <PlaceSearch id={ids.search} search={search} onPick={place} />
                <CoordinateFields
                  bind="state"
                  labels={{
                    latitude: t('customer.latitude'),
                    longitude: t('customer.longitude'),
                    zoom: t('customer.zoom'),
                  }}
                  ids={{ latitude: ids.lat, longitude: ids.lng, zoom: ids.zoom }}
                  value={{ latitude: latText, longitude: lngText, zoom }}
                  onType={(axis, v) => (axis === 'latitude' ? setLatText(v) : setLngText(v))}
                  onPlace={place}
                  onZoom={setZoom}
                  error={errors.position && t(errors.position)}
                />
              </Col>
              <Col xs={24} md={14}>
                <MapPicker
                  mode="marker"
                  height={320}
                  value={position}
                  zoom={zoom}
                  fallbackCenter={DEFAULT_CENTER}
                  label={t('customer.mapLabel')}
                  onChange={place}
                  onZoomChange={setZoom}
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
