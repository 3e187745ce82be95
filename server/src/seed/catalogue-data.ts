// The catalogue a fresh database starts with: SPEC.md §9's seven categories, three supporter
// tiers and a dozen items, so a newcomer sees a living shop. Images live in server/assets/seed-images.

export interface SeedCategory {
  slug: string;
  name: string;
  displayName: string;
  description: string;
  icon: string;
}

export const seedCategories: SeedCategory[] = [
  {
    slug: 'credits',
    name: 'Credits',
    displayName: 'Credit Packs',
    description: 'Top up your balance to buy gear in the shop.',
    icon: '💰',
  },
  {
    slug: 'ships',
    name: 'Ships',
    displayName: 'Ships',
    description: 'Hulls from nimble scouts to capital dreadnoughts.',
    icon: '🚀',
  },
  {
    slug: 'weapons',
    name: 'Weapons',
    displayName: 'Weapons',
    description: 'Turrets, batteries and beam arrays.',
    icon: '🔫',
  },
  {
    slug: 'armor',
    name: 'Armor',
    displayName: 'Armor & Shields',
    description: 'Plating and shield generators that keep your crew alive.',
    icon: '🛡️',
  },
  {
    slug: 'cosmetics',
    name: 'Cosmetics',
    displayName: 'Cosmetics',
    description: 'Paints and decals to make your fleet your own.',
    icon: '🎨',
  },
  {
    slug: 'bundles',
    name: 'Bundles',
    displayName: 'Bundles',
    description: 'Several items together, for less.',
    icon: '📦',
  },
  {
    slug: 'consumables',
    name: 'Consumables',
    displayName: 'Consumables',
    description: 'Drones, fuel and supplies used up in the field.',
    icon: '⚡',
  },
];

export interface SeedTier {
  name: string;
  slug: string;
  priceCents: number;
  icon: string;
  benefits: string[];
  popular: boolean;
  colorFrom: string;
  colorTo: string;
  discordRole: string;
  discordRoleColor: string;
}

export const seedTiers: SeedTier[] = [
  {
    name: 'Cadet',
    slug: 'cadet',
    priceCents: 499,
    icon: '⭐',
    benefits: ['Cadet role and colour on Discord', 'Supporter badge on your profile', '250 bonus credits every month'],
    popular: false,
    colorFrom: '#3b82f6',
    colorTo: '#8b5cf6',
    discordRole: 'Cadet',
    discordRoleColor: '#5865F2',
  },
  {
    name: 'Captain',
    slug: 'captain',
    priceCents: 999,
    icon: '🚀',
    benefits: [
      'Everything in Cadet',
      'Captain role and colour on Discord',
      '600 bonus credits every month',
      'Early access to new ship hulls',
    ],
    popular: true,
    colorFrom: '#06b6d4',
    colorTo: '#3b82f6',
    discordRole: 'Captain',
    discordRoleColor: '#06B6D4',
  },
  {
    name: 'Admiral',
    slug: 'admiral',
    priceCents: 2499,
    icon: '👑',
    benefits: [
      'Everything in Captain',
      'Admiral role and colour on Discord',
      '1,800 bonus credits every month',
      'Exclusive Admiral hull paint',
      'Vote on upcoming features',
    ],
    popular: false,
    colorFrom: '#f59e0b',
    colorTo: '#ef4444',
    discordRole: 'Admiral',
    discordRoleColor: '#F59E0B',
  },
];

export interface SeedItem {
  name: string;
  slug: string;
  description: string;
  image: string;
  category: string;
  rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
  priceCredits: number;
  priceUsdCents: number;
  creditAmount?: number;
  discount?: number;
  featured?: boolean;
  gameItems?: { item_name: string; item_quantity: number }[];
  /** The slug of the tier whose holders alone may buy it. */
  tierExclusive?: string;
}

export const seedItems: SeedItem[] = [
  {
    name: '500 Credits',
    slug: '500-credits',
    description: 'A starter pack of 500 credits for the shop.',
    image: 'credits-500.webp',
    category: 'credits',
    rarity: 'common',
    priceCredits: 0,
    priceUsdCents: 499,
    creditAmount: 500,
  },
  {
    name: '2,500 Credits',
    slug: '2500-credits',
    description: 'A war chest of 2,500 credits: the best value per credit.',
    image: 'credits-2500.webp',
    category: 'credits',
    rarity: 'uncommon',
    priceCredits: 0,
    priceUsdCents: 1999,
    creditAmount: 2500,
    featured: true,
  },
  {
    name: 'Scout Corvette',
    slug: 'scout-corvette',
    description: 'A nimble corvette with long-range sensors, made for charting unknown sectors.',
    image: 'ship-scout-corvette.webp',
    category: 'ships',
    rarity: 'common',
    priceCredits: 300,
    priceUsdCents: 0,
    gameItems: [{ item_name: 'ship_scout_corvette', item_quantity: 1 }],
  },
  {
    name: 'Vanguard Interceptor',
    slug: 'vanguard-interceptor',
    description: 'A fast strike fighter that closes in before the enemy has raised its shields.',
    image: 'ship-vanguard-interceptor.webp',
    category: 'ships',
    rarity: 'rare',
    priceCredits: 1200,
    priceUsdCents: 999,
    featured: true,
    gameItems: [{ item_name: 'ship_vanguard_interceptor', item_quantity: 1 }],
  },
  {
    name: 'Leviathan Dreadnought',
    slug: 'leviathan-dreadnought',
    description: 'A capital ship with a hangar bay of its own. Fleets scatter when it drops out of warp.',
    image: 'ship-leviathan-dreadnought.webp',
    category: 'ships',
    rarity: 'legendary',
    priceCredits: 9000,
    priceUsdCents: 4999,
    discount: 10,
    featured: true,
    gameItems: [{ item_name: 'ship_leviathan_dreadnought', item_quantity: 1 }],
  },
  {
    name: 'Pulse Laser Array',
    slug: 'pulse-laser-array',
    description: 'Rapid-fire laser turrets that shred fighters and drones.',
    image: 'weapon-pulse-laser.webp',
    category: 'weapons',
    rarity: 'uncommon',
    priceCredits: 450,
    priceUsdCents: 0,
    gameItems: [{ item_name: 'weapon_pulse_laser', item_quantity: 2 }],
  },
  {
    name: 'Railgun Battery',
    slug: 'railgun-battery',
    description: 'Magnetic accelerators that punch through the heaviest armour at extreme range.',
    image: 'weapon-railgun.webp',
    category: 'weapons',
    rarity: 'epic',
    priceCredits: 2200,
    priceUsdCents: 1499,
    gameItems: [{ item_name: 'weapon_railgun_battery', item_quantity: 1 }],
  },
  {
    name: 'Reactive Hull Plating',
    slug: 'reactive-hull-plating',
    description: 'Hexagonal plates that harden on impact and shrug off kinetic rounds.',
    image: 'armor-reactive-plating.webp',
    category: 'armor',
    rarity: 'uncommon',
    priceCredits: 600,
    priceUsdCents: 0,
    gameItems: [{ item_name: 'armor_reactive_plating', item_quantity: 1 }],
  },
  {
    name: 'Aegis Shield Generator',
    slug: 'aegis-shield-generator',
    description: 'Projects a bubble shield around your ship and anything docked beside it.',
    image: 'armor-aegis-shield.webp',
    category: 'armor',
    rarity: 'rare',
    priceCredits: 1500,
    priceUsdCents: 0,
    discount: 20,
    gameItems: [{ item_name: 'armor_aegis_shield', item_quantity: 1 }],
  },
  {
    name: 'Nebula Hull Paint',
    slug: 'nebula-hull-paint',
    description: 'A shimmering hull finish in the colours of the Veil Nebula. Admirals only.',
    image: 'cosmetic-nebula-paint.webp',
    category: 'cosmetics',
    rarity: 'rare',
    priceCredits: 800,
    priceUsdCents: 0,
    tierExclusive: 'admiral',
    gameItems: [{ item_name: 'paint_nebula', item_quantity: 1 }],
  },
  {
    name: "Commander's Starter Bundle",
    slug: 'commanders-starter-bundle',
    description: 'A corvette, a pulse laser array, hull plating and a crate of repair drones to start your campaign.',
    image: 'bundle-commander-starter.webp',
    category: 'bundles',
    rarity: 'epic',
    priceCredits: 0,
    priceUsdCents: 1999,
    discount: 25,
    gameItems: [
      { item_name: 'ship_scout_corvette', item_quantity: 1 },
      { item_name: 'weapon_pulse_laser', item_quantity: 2 },
      { item_name: 'armor_reactive_plating', item_quantity: 1 },
      { item_name: 'consumable_repair_drone', item_quantity: 10 },
    ],
  },
  {
    name: 'Repair Drone Pack',
    slug: 'repair-drone-pack',
    description: 'Five drones that patch hull breaches in the middle of a fight.',
    image: 'consumable-repair-drones.webp',
    category: 'consumables',
    rarity: 'common',
    priceCredits: 150,
    priceUsdCents: 0,
    gameItems: [{ item_name: 'consumable_repair_drone', item_quantity: 5 }],
  },
  {
    name: 'Warp Fuel Cells',
    slug: 'warp-fuel-cells',
    description: 'Ten cells of refined warp fuel for long jumps between sectors.',
    image: 'consumable-warp-fuel.webp',
    category: 'consumables',
    rarity: 'common',
    priceCredits: 100,
    priceUsdCents: 0,
    gameItems: [{ item_name: 'consumable_warp_fuel', item_quantity: 10 }],
  },
];
