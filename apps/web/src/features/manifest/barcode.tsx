import { code128Bars, isCode128B } from './code128.ts';
import classes from './manifest-sheet.module.css';

interface BarcodeProps {
  value: string;
  /** Height of the bars in CSS pixels; the width follows from the value's length. */
  height?: number;
  /**
   * Width of one module in CSS pixels: 1 px prints as 0.26 mm, within what handheld scanners
   * read; whole pixels keep the bars even on screen.
   */
  moduleWidth?: number;
}

/** A Code 128 barcode with its value printed beneath in monospace, so it can be typed in too. */
export function Barcode({ value, height = 44, moduleWidth = 1 }: BarcodeProps) {
  const text = <span className={classes.barcodeText}>{value}</span>;
  if (!isCode128B(value)) return <span className={classes.barcode}>{text}</span>;

  const { bars, modules } = code128Bars(value);
  return (
    <span className={classes.barcode}>
      <svg
        className={classes.barcodeBars}
        role="img"
        aria-label={`Barcode ${value}`}
        viewBox={`0 0 ${modules} ${height}`}
        width={modules * moduleWidth}
        height={height}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
      >
        {bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={height} />
        ))}
      </svg>
      {text}
    </span>
  );
}
