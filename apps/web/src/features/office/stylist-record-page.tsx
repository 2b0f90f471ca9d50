import { PAYMENT_METHOD_WORDS, type OfficeStylistRecordDocument } from '@atelier/contract';
import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import itemClasses from './item-page.module.css';
import { RecordHeading } from './record-heading.tsx';
import { CommissionsPanel, Fact, Panel, RecordFrame, StagesPanel } from './record-parts.tsx';
import { clientRecordPath, recordId } from './record-paths.ts';
import classes from './record-page.module.css';
import { useStylistRecord } from './record-queries.ts';

type StylistRecord = OfficeStylistRecordDocument['data'];

/** /office/stylists/:stylistId (issue 30): a stylist, their clients, items and commissions. */
export function StylistRecordPage() {
  const stylistId = recordId(useParams().stylistId);
  const record = useStylistRecord(stylistId);
  return (
    <RecordFrame kind="Stylist" id={stylistId} query={record}>
      {(data) => <StylistRecordView record={data} />}
    </RecordFrame>
  );
}

// A phone reaches the items below the clients without scrolling past all of them.
const CLIENTS_AT_FIRST = 10;

function StylistRecordView({ record }: { record: StylistRecord }) {
  const { stylist, clients } = record;
  const [showAll, setShowAll] = useState(false);
  return (
    <>
      <RecordHeading
        kind="Stylist"
        id={stylist.id}
        name={stylist.name}
        createdAt={stylist.createdAt}
      />
      <div className={itemClasses.layout}>
        <div className={itemClasses.column}>
          <Panel title="Contact">
            <dl className={itemClasses.facts}>
              <Fact term="Email">
                <Anchor href={`mailto:${stylist.email}`} size="sm" c="gold.3">
                  {stylist.email}
                </Anchor>
              </Fact>
              <Fact term="Address">{stylist.address ?? 'None given'}</Fact>
              <Fact term="Payout">
                By {PAYMENT_METHOD_WORDS[stylist.payoutMethod]}
                {stylist.paypalAddress && ` (${stylist.paypalAddress})`}
              </Fact>
            </dl>
          </Panel>
          <Panel title={`Clients · ${clients.total}`}>
            {clients.list.length === 0 ? (
              <Text size="sm" c="dark.1">
                No clients yet.
              </Text>
            ) : (
              <ul className={classes.rows} aria-label="Clients">
                {(showAll ? clients.list : clients.list.slice(0, CLIENTS_AT_FIRST)).map(
                  (client) => (
                    <li key={client.id} className={classes.row}>
                      <div className={classes.rowMain}>
                        <Anchor
                          component={Link}
                          to={clientRecordPath(client.id)}
                          size="sm"
                          c="dark.0"
                        >
                          {client.name}
                        </Anchor>
                        <Text size="xs" c="dark.1">
                          {client.email}
                        </Text>
                      </div>
                    </li>
                  ),
                )}
              </ul>
            )}
            {!showAll && clients.list.length > CLIENTS_AT_FIRST ? (
              <Button variant="subtle" size="compact-sm" mt={4} onClick={() => setShowAll(true)}>
                Show {clients.list.length - CLIENTS_AT_FIRST} more
              </Button>
            ) : (
              clients.total > clients.list.length && (
                <Text size="xs" c="dark.1" mt={4}>
                  The first {clients.list.length} of {clients.total}, by last name.
                </Text>
              )
            )}
          </Panel>
        </div>
        <div className={itemClasses.column}>
          <StagesPanel stages={record.stages} />
          <CommissionsPanel commissions={record.commissions} />
        </div>
      </div>
    </>
  );
}
