import { Modal, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import classes from './office.module.css';
import { QUEUE_SHORTCUTS } from './queue-shortcuts.ts';

/**
 * "Keyboard shortcuts": what the queue's keys do. A Mantine Modal, so focus stays in it while it
 * is open. It loads on demand, mounting already open, when the modal could not note what had focus:
 * useQueueShortcuts gives focus back to whatever opened it (the header's button, or the row for "?").
 */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Keyboard shortcuts"
      centered
      returnFocus={false}
    >
      <Text size="sm" c="dark.1" mb="sm">
        On the queue, when you are not typing in a field:
      </Text>
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {QUEUE_SHORTCUTS.map(({ keys, does }) => (
            <Table.Tr key={does}>
              <Table.Td className={classes.keys}>
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && ' or '}
                    <kbd className={classes.kbd}>{key}</kbd>
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
