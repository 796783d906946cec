import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

/** The words of one message, already in the recipient's language and filled in. */
export interface AccountLinkMailProps {
  language: string;
  heading: string;
  body: string;
  button: string;
  url: string;
  linkFallback: string;
  ignore: string;
  footer: string;
}

/** The brand's colours, as the web app's theme has them (web/src/app/styles/global.css). */
const INK = '#1c2033';
const MUTED = '#565c73';
const ACCENT = '#4338ca';

/**
 * A message that carries one link about the person's account (a password reset, a confirmation of the
 * address): the brand, what happened, one button, the address in full for clients that drop buttons, and
 * what to do if it was not them. One template: react-email makes the HTML that mail clients render, and
 * the plain text is derived from it.
 */
export function AccountLinkMail(props: AccountLinkMailProps) {
  return (
    <Html lang={props.language}>
      <Head />
      <Preview>{props.body}</Preview>
      <Body
        style={{
          backgroundColor: '#f6f7fb',
          fontFamily: 'system-ui, -apple-system, Segoe UI, Arial, sans-serif',
        }}
      >
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '24px 16px' }}>
          <Text style={{ color: ACCENT, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' }}>Podium</Text>
          <Section
            style={{
              backgroundColor: '#ffffff',
              borderRadius: '12px',
              border: '1px solid #e3e5ee',
              padding: '24px',
            }}
          >
            <Heading as="h1" style={{ color: INK, fontSize: '22px', lineHeight: '1.3', margin: '0 0 12px' }}>
              {props.heading}
            </Heading>
            <Text style={{ color: INK, fontSize: '16px', lineHeight: '1.5' }}>{props.body}</Text>
            <Button
              href={props.url}
              style={{
                backgroundColor: ACCENT,
                color: '#ffffff',
                borderRadius: '8px',
                fontSize: '16px',
                fontWeight: 700,
                padding: '12px 20px',
                margin: '8px 0 16px',
              }}
            >
              {props.button}
            </Button>
            <Text style={{ color: MUTED, fontSize: '14px', lineHeight: '1.5', margin: '0' }}>
              {props.linkFallback}
            </Text>
            <Link href={props.url} style={{ color: ACCENT, fontSize: '14px', wordBreak: 'break-all' }}>
              {props.url}
            </Link>
            <Text style={{ color: MUTED, fontSize: '14px', lineHeight: '1.5' }}>{props.ignore}</Text>
          </Section>
          <Hr style={{ borderColor: '#e3e5ee', margin: '24px 0 12px' }} />
          <Text style={{ color: MUTED, fontSize: '12px', lineHeight: '1.5' }}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}
