/** An ad as seeded through the helpers: `status` is any non-empty string (section 3 can grow). */
export interface Ad {
  id: string;
  list_id?: string;
  status: string;
  /** The marketplace's category (numeric-looking), where the ad's maker gave one; deliveries carry it. */
  category?: string;
}
