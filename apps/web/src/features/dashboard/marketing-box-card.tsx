import { Text, Title } from '@mantine/core';
import { DashboardCard } from '../../components/dashboard-card.tsx';
import classes from './marketing-box-card.module.css';
import { useMarketingBox } from './marketing-box-queries.ts';

/**
 * §2: the marketing box, only while the back office has it enabled. It is an offer, not a
 * task, so while it loads or if it fails the dashboard simply goes without it.
 */
export function MarketingBoxCard() {
  const box = useMarketingBox().data?.data;
  if (!box?.isEnabled) return null;

  return (
    <DashboardCard id="marketing" label="Marketing">
      <a href={box.linkUrl} target="_blank" rel="noopener noreferrer" className={classes.link}>
        <img src={box.imageUrl} alt="" className={classes.image} />
        <Title order={2} fz={22} lts="0.02em" className={classes.title}>
          {box.title}
        </Title>
        <Text size="sm" c="gold.4" lts="0.08em" tt="uppercase">
          Learn more
        </Text>
      </a>
    </DashboardCard>
  );
}
