import { memo, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { WaitingEntry } from '@evreg/contracts';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import { IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { RowAction } from '../../common/ResourceList';
import { DRAG_INSTRUCTIONS, dragAnnouncements, fullName } from './rules';

export interface RowPermissions {
  reorder: boolean;
  promote: (entry: WaitingEntry) => boolean;
  edit: boolean;
  remove: boolean;
}

/** A page of the waiting list, by position. With permission to reorder, each row has a handle: drag it with the
 * mouse (dnd-kit's pointer sensor, within the page), or focus it and use Space/Enter, the arrows and Space/Enter
 * (`onHandleKey`: the page moves the person through the whole list, one place a press). The row of the person lifted
 * with the keyboard keeps the focus on its handle as it moves, from page to page too. */
export function WaitingListTable({
  rows,
  positions,
  lifted,
  can,
  onReorder,
  onHandleKey,
  onPromote,
  onEdit,
  onRemove,
}: {
  rows: readonly WaitingEntry[];
  /** Each entry's place in the whole list (1-based). */
  positions: ReadonlyMap<number, number>;
  /** The entry lifted with the keyboard, if any. */
  lifted: number | null;
  can: RowPermissions;
  onReorder: (activeId: number, overId: number) => void;
  onHandleKey: (entry: WaitingEntry, event: KeyboardEvent) => void;
  onPromote: (entry: WaitingEntry) => void;
  onEdit: (entry: WaitingEntry) => void;
  onRemove: (entry: WaitingEntry) => void;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
  );
  const body = useRef<HTMLTableSectionElement>(null);
  const find = (id: number) => {
    const entry = rows.find((e) => e.id === id);
    return entry ? { name: fullName(entry), position: positions.get(id)! } : undefined;
  };

  // The lifted row may have been moved in the DOM or drawn anew on another page: its handle gets the focus back
  // before the next key press is handled (React draws a key press's change before the next event).
  useLayoutEffect(() => {
    if (lifted === null) return;
    const handle = body.current?.querySelector<HTMLElement>(`[data-handle-id="${lifted}"]`);
    if (handle && document.activeElement !== handle) handle.focus();
    handle?.scrollIntoView({ block: 'nearest' });
  });

  function dragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onReorder(Number(active.id), Number(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements: dragAnnouncements(find),
        screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS },
      }}
    >
      <Table size="small" aria-label="Personas en la lista de espera">
        <TableHead>
          <TableRow>
            {can.reorder && (
              <TableCell sx={{ width: 48 }}>
                <span style={VISUALLY_HIDDEN}>Mover</span>
              </TableCell>
            )}
            <TableCell>Posición</TableCell>
            <TableCell>Nombre</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Teléfono</TableCell>
            <TableCell>DNI/NIE</TableCell>
            <TableCell>Acciones</TableCell>
          </TableRow>
        </TableHead>
        <SortableContext items={rows.map((e) => e.id)} strategy={verticalListSortingStrategy}>
          <TableBody ref={body}>
            {rows.map((entry) => (
              <WaitingListRow
                key={entry.id}
                entry={entry}
                position={positions.get(entry.id)!}
                lifted={lifted === entry.id}
                can={can}
                onHandleKey={onHandleKey}
                onPromote={onPromote}
                onEdit={onEdit}
                onRemove={onRemove}
              />
            ))}
          </TableBody>
        </SortableContext>
      </Table>
    </DndContext>
  );
}

export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const WaitingListRow = memo(function WaitingListRow({
  entry,
  position,
  lifted,
  can,
  onHandleKey,
  onPromote,
  onEdit,
  onRemove,
}: {
  entry: WaitingEntry;
  position: number;
  lifted: boolean;
  can: RowPermissions;
  onHandleKey: (entry: WaitingEntry, event: KeyboardEvent) => void;
  onPromote: (entry: WaitingEntry) => void;
  onEdit: (entry: WaitingEntry) => void;
  onRemove: (entry: WaitingEntry) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.id,
    disabled: !can.reorder,
    attributes: { roleDescription: 'persona reordenable' },
  });
  const name = fullName(entry);
  return (
    <TableRow
      ref={setNodeRef}
      data-entry-id={entry.id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
      sx={{ bgcolor: isDragging || lifted ? 'action.selected' : undefined }}
    >
      {can.reorder && (
        <TableCell>
          <Tooltip title="Arrastrar para cambiar el puesto">
            <IconButton
              ref={setActivatorNodeRef}
              size="small"
              aria-label={`Mover a ${name}, puesto ${position}`}
              data-handle-id={entry.id}
              sx={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
              aria-pressed={lifted || isDragging}
              onKeyDown={(event) => onHandleKey(entry, event)}
            >
              <DragIndicatorIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
      <EntryCells
        entry={entry}
        position={position}
        can={can}
        onPromote={onPromote}
        onEdit={onEdit}
        onRemove={onRemove}
      />
    </TableRow>
  );
});

/** The row's cells but the handle: drawn again only when the person, their place or the permissions change, not each
 * time dnd-kit's sortable context does (a keyboard move changes it for every row of the page). */
const EntryCells = memo(function EntryCells({
  entry,
  position,
  can,
  onPromote,
  onEdit,
  onRemove,
}: {
  entry: WaitingEntry;
  position: number;
  can: RowPermissions;
  onPromote: (entry: WaitingEntry) => void;
  onEdit: (entry: WaitingEntry) => void;
  onRemove: (entry: WaitingEntry) => void;
}) {
  const name = fullName(entry);
  return (
    <>
      <TableCell>{position}</TableCell>
      <TableCell>{name}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.email}</TableCell>
      <TableCell>{entry.phoneNumber || '—'}</TableCell>
      <TableCell>{entry.userTaxId}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5}>
          {can.promote(entry) && (
            <RowAction
              title="Promover"
              label={`Promover a ${name}`}
              icon={<UpgradeIcon fontSize="small" />}
              onClick={() => onPromote(entry)}
            />
          )}
          {can.edit && (
            <RowAction
              title="Editar"
              label={`Editar a ${name}`}
              icon={<EditIcon fontSize="small" />}
              onClick={() => onEdit(entry)}
            />
          )}
          {can.remove && (
            <RowAction
              title="Quitar de la lista"
              label={`Quitar a ${name} de la lista`}
              icon={<DeleteIcon fontSize="small" />}
              onClick={() => onRemove(entry)}
              danger
            />
          )}
        </Stack>
      </TableCell>
    </>
  );
});
