// The editor drawer of a new or an existing recommendation.
import { Button, Drawer, Form } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import type { useRecommendationEditor } from '../hooks/use-recommendation-editor.ts';
import { RecommendationFields } from './recommendation-fields.tsx';

export function RecommendationEditor({
  customer,
  editor,
}: {
  customer: Tables<'customers'> | null;
  editor: ReturnType<typeof useRecommendationEditor>;
}) {
  const { t } = useTranslation('dashboard');
  const { form, editing } = editor;
  return (
    <Drawer
      open={editing !== null}
      onClose={editor.close}
      title={editing === 'new' ? t('recs.add') : t('recs.edit')}
      size="large"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void editor.save(v)} requiredMark>
        <RecommendationFields form={form} isNew={editing === 'new'} customer={customer} />
        <Button type="primary" htmlType="submit" loading={editor.saving}>
          {t('form.save')}
        </Button>
      </Form>
    </Drawer>
  );
}
