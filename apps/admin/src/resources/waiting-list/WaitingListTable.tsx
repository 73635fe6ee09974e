import type { QueueEntry } from '@evreg/contracts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
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
  promote: (entry: QueueEntry) => boolean;
  edit: boolean;
  remove: boolean;
}

/** The waiting list by position. With permission to reorder, each row has a handle: drag it with the mouse,
 * or focus it and use Space/Enter, the arrows and Space/Enter (dnd-kit's keyboard sensor), announced in Spanish. */
export function WaitingListTable({
  entries,
  can,
  onReorder,
  onPromote,
  onEdit,
  onRemove,
}: {
  entries: QueueEntry[];
  can: RowPermissions;
  onReorder: (activeId: number, overId: number) => void;
  onPromote: (entry: QueueEntry) => void;
  onEdit: (entry: QueueEntry) => void;
  onRemove: (entry: QueueEntry) => void;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const find = (id: number) => {
    const index = entries.findIndex((e) => e.id === id);
    return index < 0 ? undefined : { name: fullName(entries[index]), position: index + 1 };
  };

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
        <SortableContext items={entries.map((e) => e.id)} strategy={verticalListSortingStrategy}>
          <TableBody>
            {entries.map((entry, index) => (
              <WaitingListRow
                key={entry.id}
                entry={entry}
                position={index + 1}
                can={can}
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

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function WaitingListRow({
  entry,
  position,
  can,
  onPromote,
  onEdit,
  onRemove,
}: {
  entry: QueueEntry;
  position: number;
  can: RowPermissions;
  onPromote: (entry: QueueEntry) => void;
  onEdit: (entry: QueueEntry) => void;
  onRemove: (entry: QueueEntry) => void;
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
      sx={{ bgcolor: isDragging ? 'action.selected' : undefined }}
    >
      {can.reorder && (
        <TableCell>
          <Tooltip title="Arrastrar para cambiar el puesto">
            <IconButton
              ref={setActivatorNodeRef}
              size="small"
              aria-label={`Mover a ${name}, puesto ${position}`}
              sx={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <DragIndicatorIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
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
    </TableRow>
  );
}
