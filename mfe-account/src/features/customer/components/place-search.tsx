// The search for the new map's position and its results: picking one places the map there.
import { Alert, Button, Form, Input, List, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { PlaceSearch as Search } from '../hooks/use-place-search.ts';
import type { Point as Position } from '@guestmap/shared-ui/map-picker';

export function PlaceSearch({
  id,
  search,
  onPick,
}: {
  id: string;
  search: Search;
  onPick: (p: Position, zoom: number) => void;
}) {
  const { t } = useTranslation('account');
  const { query, setQuery, results, setResults } = search;
  const doSearch = search.search;
  const ids = { search: id };
  const place = onPick;
  return (
    <>
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
    </>
  );
}
