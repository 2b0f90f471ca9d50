// The automatic JSX runtime for every tool that compiles this file (tsx, vitest, esbuild).
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

/** One item an email lists: its picture (an inline attachment), its name and amounts. */
export interface EmailItem {
  key: string;
  title: string;
  details: string[];
  /** The Content-ID of its thumbnail attachment; null draws an empty square, undefined no picture. */
  imageCid?: string | null;
}

/** What an email says, in plain text; the HTML and the text part are both made from it. */
export interface EmailContent {
  subject: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  items?: EmailItem[];
  /** The email's one call to action. */
  action?: { label: string; url: string };
  /** Smaller print under the button. */
  afterAction?: string[];
  /** Other pages, in the small print: "Prefer to consign? <a>Choose for each item</a>." */
  otherLinks?: { lead: string; label: string; url: string }[];
  /** Who sent it and how to answer, under a rule. */
  footer?: string;
}

const INK = '#1a1a1a';
const MUTED = '#5c5c5c';
const LINE = '#e6e1da';
const PAGE = '#f4f1ec';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const THUMB = 72;

const paragraph = { color: INK, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const smallPrint = { ...paragraph, color: MUTED, fontSize: '14px', lineHeight: '21px' };

function ItemRow({ item }: { item: EmailItem }) {
  return (
    <Row style={{ borderTop: `1px solid ${LINE}` }}>
      {item.imageCid !== undefined && (
        <Column style={{ width: `${THUMB + 16}px`, padding: '12px 0', verticalAlign: 'top' }}>
          {item.imageCid ? (
            <Img
              src={`cid:${item.imageCid}`}
              width={THUMB}
              height={THUMB}
              alt=""
              style={{ borderRadius: '6px', objectFit: 'cover', backgroundColor: PAGE }}
            />
          ) : (
            <div
              style={{ width: THUMB, height: THUMB, borderRadius: '6px', backgroundColor: PAGE }}
            />
          )}
        </Column>
      )}
      <Column style={{ padding: '12px 0', verticalAlign: 'top' }}>
        <Text style={{ ...paragraph, fontWeight: 600, margin: 0 }}>{item.title}</Text>
        {item.details.map((detail) => (
          <Text key={detail} style={{ ...paragraph, color: MUTED, fontSize: '15px', margin: 0 }}>
            {detail}
          </Text>
        ))}
      </Column>
    </Row>
  );
}

/** Every email's one layout: a heading, the text, the items, one button, the small print. */
export function EmailLayout({ content }: { content: EmailContent }) {
  return (
    <Html lang="en">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: PAGE, fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            borderRadius: '8px',
            maxWidth: '560px',
            padding: '32px 28px',
          }}
        >
          <Text style={{ ...paragraph, color: MUTED, fontSize: '13px', letterSpacing: '0.12em' }}>
            ATELIER
          </Text>
          <Heading
            as="h1"
            style={{ color: INK, fontSize: '24px', lineHeight: '32px', margin: '0 0 20px' }}
          >
            {content.heading}
          </Heading>
          <Text style={paragraph}>{content.greeting}</Text>
          {content.paragraphs.map((text) => (
            <Text key={text} style={paragraph}>
              {text}
            </Text>
          ))}
          {content.items && content.items.length > 0 && (
            <Section style={{ borderBottom: `1px solid ${LINE}`, margin: '8px 0 24px' }}>
              {content.items.map((item) => (
                <ItemRow key={item.key} item={item} />
              ))}
            </Section>
          )}
          {content.action && (
            <Section style={{ margin: '8px 0 24px' }}>
              <Button
                href={content.action.url}
                style={{
                  backgroundColor: INK,
                  borderRadius: '6px',
                  color: '#ffffff',
                  display: 'block',
                  fontSize: '16px',
                  fontWeight: 600,
                  padding: '14px 20px',
                  textAlign: 'center',
                  textDecoration: 'none',
                }}
              >
                {content.action.label}
              </Button>
            </Section>
          )}
          {(content.otherLinks ?? []).map((link) => (
            <Text key={link.url} style={smallPrint}>
              {link.lead}{' '}
              <Link href={link.url} style={{ color: INK, textDecoration: 'underline' }}>
                {link.label}
              </Link>
              .
            </Text>
          ))}
          {(content.afterAction ?? []).map((text) => (
            <Text key={text} style={smallPrint}>
              {text}
            </Text>
          ))}
          {content.footer && (
            <>
              <Hr style={{ borderColor: LINE, margin: '24px 0 16px' }} />
              <Text
                style={{
                  ...paragraph,
                  color: MUTED,
                  fontSize: '13px',
                  lineHeight: '19px',
                  margin: 0,
                }}
              >
                {content.footer}
              </Text>
            </>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part, rendered by React Email (every value is escaped by React). */
export function renderEmailHtml(content: EmailContent): Promise<string> {
  return render(<EmailLayout content={content} />);
}
