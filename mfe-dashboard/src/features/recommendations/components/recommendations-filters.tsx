// The list's search box and its filters: category, published or draft, a missing translation.
import { Input, Select, Space } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { RecommendationFilters } from '../hooks/use-recommendation-filters.ts';
import { CATEGORIES } from '@guestmap/shared-ui/categories';
import { MissingFilterSelect } from './translation-status.tsx';

export function RecommendationsFilters({ filters: f }: { filters: RecommendationFilters }) {
  const { t } = useTranslation('dashboard');
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        placeholder={t('recs.search')}
        aria-label={t('recs.search')}
        value={f.query}
        onChange={(e) => f.setQuery(e.target.value)}
        style={{ width: 240 }}
      />
      <Select
        allowClear
        placeholder={t('recs.category')}
        aria-label={t('recs.category')}
        value={f.category}
        onChange={f.setCategory}
        style={{ width: 180 }}
        options={CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
      />
      <Select
        aria-label={t('recs.status')}
        value={f.status}
        onChange={f.setStatus}
        style={{ width: 160 }}
        options={[
          { value: 'all', label: t('recs.all') },
          { value: 'published', label: t('recs.published') },
          { value: 'draft', label: t('recs.draft') },
        ]}
      />
      <MissingFilterSelect value={f.missing} onChange={f.setMissing} />
    </Space>
  );
}
