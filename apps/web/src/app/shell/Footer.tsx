import { Anchor, Badge, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Footer (docs/product.md §2 Global shell): legal links, FAQ and the responsible-gaming notice. */
export function Footer() {
  return (
    <Box
      component="footer"
      mt="auto"
      py="xl"
      style={{
        background: 'var(--domino-felt-dark)',
        borderTop: '2px solid var(--mantine-color-gold-6)',
      }}
    >
      <Container size="lg">
        <Stack gap="md" align="center">
          <Group gap="lg" justify="center" component="nav" aria-label="Enlaces legales">
            <Anchor component={Link} to="/privacy" c="gold.2" fz="sm">
              Privacidad
            </Anchor>
            <Anchor component={Link} to="/terms" c="gold.2" fz="sm">
              Términos
            </Anchor>
            {/* Its own page: the landing's #faq is for visitors only (decision 017). */}
            <Anchor component={Link} to="/faq" c="gold.2" fz="sm">
              FAQ
            </Anchor>
          </Group>
          <Group gap={8} justify="center" wrap="nowrap">
            <Badge
              color="gold"
              c="dark.9"
              variant="filled"
              size="sm"
              radius="sm"
              aria-hidden
              style={{ flexShrink: 0 }}
            >
              18+
            </Badge>
            <Text fz="sm" c="#e9e2cf" ta="center">
              Juega con responsabilidad. Solo mayores de 18 años.
            </Text>
          </Group>
          <Text fz="xs" c="#a9b8ad" ta="center">
            © {new Date().getFullYear()} Dominó. Todos los derechos reservados.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
