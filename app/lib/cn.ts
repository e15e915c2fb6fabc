import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (clsx). It does not resolve conflicting Tailwind utilities: when two classes
 * set the same property, the order of Tailwind's stylesheet decides, not the order here. So a
 * component's className prop is for additions (margins, width, padding on a Card); a different
 * look is a variant or tone of the component.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
