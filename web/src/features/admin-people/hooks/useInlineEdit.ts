import { useState } from 'react';

/**
 * The one inline-edit pattern of the back-office tables: at most one row in edit mode, holding a
 * draft that Save sends and Cancel drops.
 */
export function useInlineEdit<Id, Draft>() {
  const [editing, setEditing] = useState<{ id: Id; draft: Draft } | null>(null);
  return {
    isEditing: (id: Id) => editing?.id === id,
    draft: editing?.draft,
    start: (id: Id, draft: Draft) => setEditing({ id, draft }),
    change: (draft: Draft) => setEditing((current) => (current ? { ...current, draft } : current)),
    cancel: () => setEditing(null),
  };
}
