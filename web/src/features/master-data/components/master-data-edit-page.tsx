import { useEditKey, type EditKey } from '../hooks/edit-key';
import { useRecordEditor } from '../hooks/use-record-editor';
import type { NumberedRecord, NumberedResource } from '../kinds/resource';
import { EditPageFrame } from './edit-page-frame';
import { MasterDataForm } from './master-data-form';
import { UnknownRecord } from './unknown-record';

/** /management/{articles,creditors,debitors}/edit?id=<number|new>. */
export function MasterDataEditPage<T extends NumberedRecord>({
  resource,
}: {
  resource: NumberedResource<T>;
}) {
  const editKey = useEditKey();
  if (editKey === null) return <UnknownRecord resource={resource} />;
  // A new page state per record: going from ?id=new to the created record starts afresh.
  return <Editor key={editKey} resource={resource} editKey={editKey} />;
}

function Editor<T extends NumberedRecord>({
  resource,
  editKey,
}: {
  resource: NumberedResource<T>;
  editKey: EditKey;
}) {
  const editor = useRecordEditor(resource, editKey);
  const { record } = editor;
  return (
    <EditPageFrame
      resource={resource}
      editor={editor}
      ready={editor.isNew || record.isSuccess}
      error={record.error}
    >
      <MasterDataForm
        resource={resource}
        record={record.data}
        busy={editor.busy}
        onSubmit={editor.submit}
        onDelete={editor.confirmDelete}
      />
    </EditPageFrame>
  );
}
