// The patent map of a simple search: placeholder until the d3 map lands.
export interface PatentMapProps {
  /** API address of the map data: /api/search/map?<the search's parameters>. */
  source: string;
}

export default function PatentMap({ source }: PatentMapProps) {
  return <div className="patent-map" data-source={source} />;
}
