import type { ReactNode } from 'react';
import { Accordion, Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FAQ } from '../content';
import { SectionTitle } from './SectionTitle';

/** The landing's closing call to action, for visitors. */
function SignUpCall() {
  return (
    <Stack align="center" mt={48} gap="sm" ta="center">
      <Title order={3} fz="xl">
        ¿Listo para la primera mano?
      </Title>
      <Text fz="sm" c="dark.5">
        Solo mayores de 18 años. Juega con responsabilidad.
      </Text>
      <Button component={Link} to="/register" size="md">
        Crear cuenta gratis
      </Button>
    </Stack>
  );
}

/**
 * #faq: the eight questions of docs/product.md §1, then a closing call to action (by default the landing's
 * sign-up call). `page` makes it a page of its own (/faq, readable logged in; decision 017): its
 * title is the page's h1.
 */
export function Faq({ page = false, action }: { page?: boolean; action?: ReactNode }) {
  return (
    <Box component="section" id="faq" py={{ base: 48, sm: 72 }} aria-labelledby="faq-title">
      <Container size="md">
        <SectionTitle
          id="faq-title"
          eyebrow="Preguntas Frecuentes"
          title="Lo que necesitas saber"
          order={page ? 1 : 2}
        />
        <Accordion variant="separated" radius="md" chevronPosition="right" data-testid="faq">
          {FAQ.map((item, index) => (
            <Accordion.Item key={item.q} value={`faq-${index}`} bg="white">
              <Accordion.Control>
                <Text component="span" fw={600} fz={{ base: 'sm', sm: 'md' }}>
                  {item.q}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text fz="sm" c="dark.6" lh={1.6}>
                  {item.a}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        {action ?? <SignUpCall />}
      </Container>
    </Box>
  );
}
