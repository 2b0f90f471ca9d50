import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';

interface DateRangeInputProps {
  value: [string | null, string | null];
  onChange: (value: DatesRangeValue<string>) => void;
  className: string | undefined;
}

/** The reports' range picker (the stylist's and the office's); load it lazily: it brings Mantine's dates and dayjs. */
export function DateRangeInput({ value, onChange, className }: DateRangeInputProps) {
  return (
    <DatePickerInput
      type="range"
      value={value}
      onChange={onChange}
      aria-label="Date range"
      placeholder="Choose dates"
      valueFormat="M/D/YYYY"
      size="sm"
      className={className}
    />
  );
}
