import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from './logout.ts';

/** /logout (§2): logs out and goes home, whatever the server answers. */
export function LogoutPage() {
  const logout = useLogout();
  const navigate = useNavigate();

  useEffect(() => {
    let isCurrent = true;
    void logout().then(() => {
      if (isCurrent) void navigate('/', { replace: true });
    });
    return () => {
      isCurrent = false;
    };
  }, [logout, navigate]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status">
        <Loader color="gold" type="dots" />
        <Text>Signing you out</Text>
      </Stack>
    </Center>
  );
}
