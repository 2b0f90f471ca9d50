import { Button, Group } from '@mantine/core';
import { useMediaQuery, usePagination } from '@mantine/hooks';
import { MOBILE_MEDIA_QUERY } from '../app/theme.ts';
import classes from './list-pagination.module.css';

interface ListPaginationProps {
  page: number;
  totalPages: number;
  /** Called with any page asked for; the page decides whether it exists (§5). */
  onChange: (page: number) => void;
}

/** Previous, page numbers (ellipses when there are many) and Next (§2): the clients', the office's. */
export function ListPagination({ page, totalPages, onChange }: ListPaginationProps) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const { range } = usePagination({
    total: totalPages,
    page,
    siblings: isMobile ? 0 : 1,
    boundaries: 1,
  });
  const isFirst = page <= 1;
  const isLast = page >= totalPages;

  return (
    <nav aria-label="Pages">
      <Group gap={6} justify="center" wrap="wrap">
        <EdgeButton
          label="Previous"
          ariaLabel="Previous page"
          isDisabled={isFirst}
          onClick={() => onChange(page - 1)}
        />
        {range.map((item, index) =>
          item === 'dots' ? (
            <span key={`dots-${index}`} className={classes.dots} aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={item}
              size="compact-md"
              variant={item === page ? 'filled' : 'default'}
              className={classes.pageButton}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onChange(item)}
            >
              {item}
            </Button>
          ),
        )}
        <EdgeButton
          label="Next"
          ariaLabel="Next page"
          isDisabled={isLast}
          onClick={() => onChange(page + 1)}
        />
      </Group>
    </nav>
  );
}

interface EdgeButtonProps {
  label: string;
  ariaLabel: string;
  isDisabled: boolean;
  onClick: () => void;
}

function EdgeButton(props: EdgeButtonProps) {
  // aria-disabled keeps the button focusable and in place; the page ignores the click (§5).
  return (
    <Button
      size="compact-md"
      variant="subtle"
      className={classes.edgeButton}
      data-disabled={props.isDisabled || undefined}
      aria-disabled={props.isDisabled || undefined}
      aria-label={props.ariaLabel}
      onClick={props.onClick}
    >
      {props.label}
    </Button>
  );
}
