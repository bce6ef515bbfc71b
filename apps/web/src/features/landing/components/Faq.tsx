import { Accordion, Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FAQ } from '../content';
import { SectionTitle } from './SectionTitle';

/** #faq: the eight questions of spec §1, then the closing call to action. */
export function Faq() {
  return (
    <Box component="section" id="faq" py={{ base: 48, sm: 72 }} aria-labelledby="faq-title">
      <Container size="md">
        <SectionTitle
          id="faq-title"
          eyebrow="Preguntas Frecuentes"
          title="Lo que necesitas saber"
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
      </Container>
    </Box>
  );
}
