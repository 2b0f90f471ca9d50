import {
  OFFICE_LINK_PURPOSE_LABELS,
  type OfficeClientRecordDocument,
  type OfficeLinkState,
} from '@atelier/contract';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import itemClasses from './item-page.module.css';
import { useOfficeMe } from './office-queries.ts';
import { RecordHeading } from './record-heading.tsx';
import {
  CommissionsPanel,
  Fact,
  Panel,
  RecordFrame,
  StagesPanel,
  StylistLink,
} from './record-parts.tsx';
import { recordId } from './record-paths.ts';
import classes from './record-page.module.css';
import { useClientRecord, useRevokeClientLinks } from './record-queries.ts';

type ClientRecord = OfficeClientRecordDocument['data'];

/** /office/clients/:clientId (issue 30): the §2 "admin supplier record" of a client. */
export function ClientRecordPage() {
  const clientId = recordId(useParams().clientId);
  const record = useClientRecord(clientId);
  return (
    <RecordFrame kind="Client" id={clientId} query={record}>
      {(data) => <ClientRecordView record={data} />}
    </RecordFrame>
  );
}

function ClientRecordView({ record }: { record: ClientRecord }) {
  const { client, stylist } = record;
  return (
    <>
      <RecordHeading kind="Client" id={client.id} name={client.name} createdAt={client.createdAt} />
      <div className={itemClasses.layout}>
        <div className={itemClasses.column}>
          <Panel title="Contact">
            {client.erasedAt && (
              <Text size="sm" c="dark.1" mb="xs">
                Personal data erased on {formatDate(client.erasedAt)}.
              </Text>
            )}
            <dl className={itemClasses.facts}>
              <Fact term="Email">
                <Anchor href={`mailto:${client.email}`} size="sm" c="gold.3">
                  {client.email}
                </Anchor>
              </Fact>
              <Fact term="Phone">
                <Anchor href={`tel:${client.phone}`} size="sm" c="gold.3">
                  {client.phone}
                </Anchor>
              </Fact>
              <Fact term="Address">
                {client.address}
                <br />
                {client.city}, {client.state} {client.postalCode}
              </Fact>
              <Fact term="Stylist">
                <StylistLink stylist={stylist} />
                <br />
                <Anchor href={`mailto:${stylist.email}`} size="sm" c="gold.3">
                  {stylist.email}
                </Anchor>
              </Fact>
            </dl>
          </Panel>
          <LinksPanel record={record} />
        </div>
        <div className={itemClasses.column}>
          <StagesPanel stages={record.stages} />
          <CommissionsPanel commissions={record.commissions} />
        </div>
      </div>
    </>
  );
}

const LINK_STATE_COLORS: Readonly<Record<OfficeLinkState, string>> = {
  live: 'green',
  revoked: 'red',
  expired: 'gray',
};

const LINK_STATE_LABELS: Readonly<Record<OfficeLinkState, string>> = {
  live: 'Live',
  revoked: 'Revoked',
  expired: 'Expired',
};

/** The client's access links and their state, and "Revoke links" for operations. */
function LinksPanel({ record }: { record: ClientRecord }) {
  const { links } = record;
  const canRevoke = useOfficeMe().data?.data.rights.includes('reassign') ?? false;
  const revoke = useRevokeClientLinks(record.client.id);
  const [confirming, setConfirming] = useState(false);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  function revokeNow() {
    revoke.mutate(undefined, {
      onSuccess: ({ data }) => {
        setConfirming(false);
        notifications.show({
          color: 'green',
          title: 'Links revoked',
          message:
            data.revoked === 1
              ? 'One live link was ended.'
              : `${data.revoked} live links were ended.`,
        });
        summaryRef.current?.focus();
      },
      onError: (error) => {
        setConfirming(false);
        notifications.show({ color: 'red', title: 'Not revoked', message: error.message });
      },
    });
  }

  return (
    <Panel title="Links">
      <Text size="sm" ref={summaryRef} tabIndex={-1} mb="xs">
        {links.live === 0
          ? 'No live link: nothing the client was sent opens a page now.'
          : links.live === 1
            ? 'One live link opens a page of this client’s.'
            : `${links.live} live links open pages of this client’s.`}
      </Text>
      {links.latest.length > 0 && (
        <ul className={classes.rows} aria-label="Access links">
          {links.latest.map((link) => (
            <li key={link.id} className={classes.row}>
              <div className={classes.rowMain}>
                <Text size="sm">{OFFICE_LINK_PURPOSE_LABELS[link.purpose]}</Text>
                <Text size="xs" c="dark.1">
                  Sent {formatDate(link.createdAt)} ·{' '}
                  {link.state === 'revoked' && link.revokedAt
                    ? `revoked ${formatDate(link.revokedAt)}`
                    : `${link.state === 'expired' ? 'expired' : 'expires'} ${formatDate(link.expiresAt)}`}
                </Text>
              </div>
              <Badge variant="light" radius="sm" tt="none" color={LINK_STATE_COLORS[link.state]}>
                {LINK_STATE_LABELS[link.state]}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {links.total > links.latest.length && (
        <Text size="xs" c="dark.1" mt={4}>
          The latest {links.latest.length} of {links.total}.
        </Text>
      )}
      {canRevoke ? (
        confirming ? (
          <Group gap="sm" mt="sm" role="group" aria-label="Confirm revoking">
            <Text size="sm">End every live link of {record.client.name} now?</Text>
            <Button color="red" size="compact-sm" loading={revoke.isPending} onClick={revokeNow}>
              Revoke {links.live === 1 ? 'the link' : `all ${links.live}`}
            </Button>
            <Button
              variant="default"
              size="compact-sm"
              disabled={revoke.isPending}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </Button>
          </Group>
        ) : (
          <Button
            mt="sm"
            variant="outline"
            color="red"
            size="compact-sm"
            disabled={links.live === 0}
            onClick={() => setConfirming(true)}
          >
            Revoke links
          </Button>
        )
      ) : (
        <Text size="xs" c="dark.1" mt="sm">
          Only operations may revoke a client’s links.
        </Text>
      )}
    </Panel>
  );
}
