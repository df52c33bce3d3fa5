"""French names for War of the Ring (regions, nations, characters, Hunt tiles, event cards).

Every French name here is our own translation: no official French list was available to us (see
docs/wotr.md). Proper names of places and people stay as Tolkien's French translations usually keep
them; descriptive names are translated. English names are the shared data's, with the fixes below.
"""
from __future__ import annotations

REGIONS_FR = {
    "andrast": "Andrast", "anfalas": "Anfalas", "angmar": "Angmar", "arnor": "Arnor",
    "ash_mountains": "Monts Cendrés", "barad_dur": "Barad-dûr", "bree": "Bree", "buckland": "Pays-de-Bouc",
    "cardolan": "Cardolan", "carrock": "Carrock", "dagorlad": "Dagorlad", "dale": "Dale",
    "dead_marshes": "Marais des Morts", "dimrill_dale": "Vallée des Rigoles Sombres",
    "dol_amroth": "Dol Amroth", "dol_guldur": "Dol Guldur", "druadan_forest": "Forêt de Drúadan",
    "druwaith_iaur": "Druwaith Iaur", "eagles_eyrie": "Aire des Aigles", "east_harondor": "Harondor Est",
    "east_rhun": "Rhûn Est", "eastemnet": "Emnet Est", "eastern_brown_lands": "Terres Brunes de l'Est",
    "eastern_emyn_muil": "Emyn Muil de l'Est", "eastern_mirkwood": "Forêt Noire de l'Est",
    "edoras": "Edoras", "enedwaith": "Enedwaith", "erebor": "Erebor", "erech": "Erech",
    "ered_luin": "Ered Luin", "ettenmoors": "Landes d'Etten", "evendim": "Evendim", "fangorn": "Fangorn",
    "far_harad": "Harad Lointain", "folde": "Folde", "fords_of_bruinen": "Gués de la Bruinen",
    "fords_of_isen": "Gués de l'Isen", "forlindon": "Forlindon", "gap_of_rohan": "Trouée du Rohan",
    "gladden_fields": "Champs de Flambes", "goblins_gate": "Porte des Gobelins", "gorgoroth": "Gorgoroth",
    "grey_havens": "Havres Gris", "harlindon": "Harlindon", "helms_deep": "Gouffre de Helm",
    "high_pass": "Haut Col", "hollin": "Houssaye", "iron_hills": "Monts du Fer", "khand": "Khand",
    "lamedon": "Lamedon", "lorien": "Lórien", "lossarnach": "Lossarnach", "minas_morgul": "Minas Morgul",
    "minas_tirith": "Minas Tirith", "minhiriath": "Minhiriath", "morannon": "Morannon", "moria": "Moria",
    "mount_gram": "Mont Gram", "mount_gundabad": "Mont Gundabad",
    "narrows_of_the_forest": "Étroits de la Forêt", "near_harad": "Harad Proche",
    "noman_lands": "Terres de Personne", "north_anduin_vale": "Val d'Anduin Nord",
    "north_downs": "Hauts du Nord", "north_dunland": "Pays de Dun Nord", "north_ered_luin": "Ered Luin Nord",
    "north_ithilien": "Ithilien Nord", "north_rhun": "Rhûn Nord", "northern_dorwinion": "Dorwinion Nord",
    "northern_mirkwood": "Forêt Noire du Nord", "northern_rhovanion": "Rhovanion Nord", "nurn": "Nurn",
    "old_ford": "Vieux Gué", "old_forest": "Vieille Forêt", "old_forest_road": "Vieille Route de la Forêt",
    "orthanc": "Orthanc", "osgiliath": "Osgiliath", "parth_celebrant": "Parth Celebrant",
    "pelargir": "Pelargir", "rhosgobel": "Rhosgobel", "rivendell": "Fondcombe",
    "south_anduin_vale": "Val d'Anduin Sud", "south_downs": "Hauts du Sud", "south_dunland": "Pays de Dun Sud",
    "south_ered_luin": "Ered Luin Sud", "south_ithilien": "Ithilien Sud", "south_rhun": "Rhûn Sud",
    "southern_dorwinion": "Dorwinion Sud", "southern_mirkwood": "Forêt Noire du Sud",
    "southern_rhovanion": "Rhovanion Sud", "tharbad": "Tharbad", "the_shire": "La Comté",
    "tower_hills": "Collines des Tours", "trollshaws": "Bois aux Trolls", "umbar": "Umbar",
    "vale_of_the_carnen": "Val de la Carnen", "vale_of_the_celduin": "Val de la Celduin",
    "weather_hills": "Collines du Temps", "west_harondor": "Harondor Ouest", "westemnet": "Emnet Ouest",
    "western_brown_lands": "Terres Brunes de l'Ouest", "western_emyn_muil": "Emyn Muil de l'Ouest",
    "western_mirkwood": "Forêt Noire de l'Ouest", "withered_heath": "Lande Desséchée",
    "woodland_realm": "Royaume Sylvestre",
}

# English names the data spells differently from the printed map.
REGIONS_EN_FIXES = {"barad_dur": "Barad-dûr", "lorien": "Lórien"}

NATIONS = {  # id: (English, French)
    "dwarves": ("Dwarves", "Nains"), "elves": ("Elves", "Elfes"), "gondor": ("Gondor", "Gondor"),
    "north": ("The North", "Le Nord"), "rohan": ("Rohan", "Rohan"), "isengard": ("Isengard", "Isengard"),
    "sauron": ("Sauron", "Sauron"), "southrons": ("Southrons & Easterlings", "Suderons et Orientaux"),
}

CHARACTERS_FR = {
    "gandalf_grey": "Gandalf le Gris", "strider": "Grands-Pas", "boromir": "Boromir", "legolas": "Legolas",
    "gimli": "Gimli", "meriadoc": "Meriadoc Brandebouc", "peregrin": "Peregrin Touque",
    "aragorn": "Aragorn, héritier d'Isildur", "gandalf_white": "Gandalf le Blanc",
    "witch_king": "Le Roi-Sorcier", "mouth_of_sauron": "La Bouche de Sauron", "saruman": "Saroumane",
    "gollum": "Gollum",
}
CHARACTERS_EN_FIXES = {"aragorn": "Aragorn, Heir to Isildur"}

CARD_NAMES_EN_FIXES = {"Fear! Fear! Foes!": "Fear! Fire! Foes!", "Smeagol Helps Nice Master": "Sméagol Helps Nice Master",
                       "The Nazgul Strike!": "The Nazgûl Strike!", "Nazgul Search": "Nazgûl Search",
                       "Eomer, Son of Eomund": "Éomer, Son of Éomund", "Cirdan's Ships": "Círdan's Ships",
                       "Dain Ironfoot's Guard": "Dáin Ironfoot's Guard", "The Palantir of Orthanc":
                       "The Palantír of Orthanc"}

CARDS_FR = {  # English name (after fixes) -> our French name
    "Elven Cloaks": "Capes elfiques", "Elven Rope": "Corde elfique", "Phial of Galadriel": "Fiole de Galadriel",
    "Sméagol Helps Nice Master": "Sméagol aide le gentil maître", "Mithril Coat and Sting": "Cotte de mithril et Dard",
    "Axe and Bow": "La hache et l'arc", "Horn of Gondor": "Cor du Gondor", "Wizard's Staff": "Bâton du magicien",
    "Athelas": "Athelas", "There is Another Way": "Il y a un autre chemin", "I Will Go Alone": "J'irai seul",
    "Bilbo's Song": "La chanson de Bilbon", "Mirror of Galadriel": "Miroir de Galadriel",
    "Challenge of the King": "Le défi du roi", "Gwaihir the Windlord": "Gwaihir, seigneur des vents",
    "We Prove the Swifter": "Nous serons les plus rapides", "There and Back Again": "Aller et retour",
    "The Eagles are Coming!": "Les aigles arrivent !", "The Ents Awake: Treebeard": "Les Ents s'éveillent : Sylvebarbe",
    "The Ents Awake: Huorns": "Les Ents s'éveillent : Huorns", "The Ents Awake: Entmoot": "Les Ents s'éveillent : Chambre des Ents",
    "Dead Men of Dunharrow": "Les Morts de Dunhart", "House of the Stewards": "La maison des Intendants",
    "The Grey Company": "La Compagnie Grise", "The Last Battle": "La dernière bataille",
    "A Power too Great": "Un pouvoir trop grand", "The Power of Tom Bombadil": "Le pouvoir de Tom Bombadil",
    "Book of Mazarbul": "Le livre de Mazarbul", "The Spirit of Mordor": "L'esprit du Mordor",
    "Faramir's Rangers": "Les rôdeurs de Faramir", "Fear! Fire! Foes!": "Peur ! Feu ! Ennemis !",
    "Wisdom of Elrond": "La sagesse d'Elrond", "The Red Arrow": "La flèche rouge",
    "Help Unlooked For": "Une aide inespérée", "Paths of the Woses": "Les sentiers des Woses",
    "Through a Day and a Night": "Un jour et une nuit", "Círdan's Ships": "Les navires de Círdan",
    "Guards of the Citadel": "Les gardes de la Citadelle", "Celeborn's Galadhrim": "Les Galadhrim de Celeborn",
    "Riders of Theoden": "Les cavaliers de Théoden", "Grimbeorn the Old, Son of Beorn": "Grimbeorn le Vieux, fils de Beorn",
    "Imrahil of Dol Amroth": "Imrahil de Dol Amroth", "King Brand's Men": "Les hommes du roi Brand",
    "Swords in Eriador": "Des épées en Eriador", "Kindred of Glorfindel": "Les parents de Glorfindel",
    "Dáin Ironfoot's Guard": "La garde de Dáin Pied-d'Acier", "Éomer, Son of Éomund": "Éomer, fils d'Éomund",
    "Thranduil's Archers": "Les archers de Thranduil", "Shelob's Lair": "L'antre d'Arachné",
    "The Ring is Mine!": "L'Anneau est à moi !", "On, On They Went": "Ils allaient, allaient toujours",
    "Give it to Uss!": "Donne-le-nous !", "Orc Patrol": "Patrouille orque", "Isildur's Bane": "Le fléau d'Isildur",
    "Foul Thing from the Deep": "L'immonde chose des profondeurs", "Candles of Corpses": "Chandelles des cadavres",
    "The Nazgûl Strike!": "Les Nazgûl frappent !", "Nazgûl Search": "Les Nazgûl cherchent",
    "Cruel Weather": "Temps cruel", "Morgul Wound": "Blessure de Morgul", "Lure of the Ring": "L'attrait de l'Anneau",
    "The Breaking of the Fellowship": "La dislocation de la Communauté",
    "Worn with Sorrow and Toil": "Usés par le chagrin et la peine", "Flocks of Crebain": "Nuées de crebain",
    "Balrog of Moria": "Le Balrog de la Moria", "The Lidless Eye": "L'Œil sans paupière",
    "Dreadful Spells": "Sorts terrifiants", "Grond, Hammer of the Underworld": "Grond, marteau des Enfers",
    "The Palantír of Orthanc": "Le palantír d'Orthanc", "Wormtongue": "Langue de Serpent",
    "The Ringwraiths Are Abroad": "Les Spectres de l'Anneau sont de sortie",
    "The Black Captain Commands": "Le Capitaine Noir commande", "Return to Valinor": "Retour à Valinor",
    "The Fighting Uruk-hai": "Les Uruk-hai combattants", "Denethor's Folly": "La folie de Denethor",
    "The Day Without Dawn": "Le jour sans aube", "Threats and Promises": "Menaces et promesses",
    "Stormcrow": "Corbeau de tempête", "Shadows Gather": "Les ombres s'amassent",
    "The Shadow Lengthens": "L'Ombre s'allonge", "The Shadow is Moving": "L'Ombre se met en mouvement",
    "Corsairs of Umbar": "Les corsaires d'Umbar", "Rage of the Dunlendings": "La rage des Dunlendings",
    "Return of the Witch-king": "Le retour du Roi-Sorcier", "Half-orcs and Goblin-men": "Demi-orques et hommes-gobelins",
    "Olog-hai": "Olog-hai", "Hill-Trolls": "Trolls des collines", "A New Power is Rising": "Un nouveau pouvoir s'élève",
    "Many Kings to the Service of Mordor": "Maints rois au service du Mordor", "The King is Revealed": "Le roi est révélé",
    "Shadows on the Misty Mountains": "Ombres sur les Monts Brumeux", "Orcs Multiplying Again": "Les orques se multiplient",
    "Hordes From the East": "Des hordes venues de l'Est", "Monsters Roused": "Les monstres réveillés",
    "Musterings of Long-planned War": "Rassemblements d'une guerre préparée de longue date",
    "Pits of Mordor": "Les fosses du Mordor",
}

COMBAT_FR = {
    "Advantageous Position": "Position avantageuse", "Andúril": "Andúril", "Black Breath": "Souffle noir",
    "Blade of Westernesse": "Lame de l'Occidentale", "Brave Stand": "Résistance courageuse", "Charge": "Charge",
    "Confusion": "Confusion", "Cruel as Death": "Cruel comme la mort", "Daring Defiance": "Défi audacieux",
    "Daylight": "Lumière du jour", "Deadly Strife": "Lutte mortelle", "Desperate Battle": "Bataille désespérée",
    "Devilry of Orthanc": "Diablerie d'Orthanc", "Dread and Despair": "Effroi et désespoir",
    "Durin's Bane": "Le fléau de Durin", "Ents' Rage": "La rage des Ents", "Fateful Strike": "Coup fatal",
    "Foul Stench": "Puanteur immonde", "Great Host": "Grande armée", "Heroic Death": "Mort héroïque",
    "Huorn-dark": "Ténèbres des Huorns", "It Is a Gift": "C'est un présent", "Mighty Attack": "Attaque puissante",
    "Mûmakil": "Mûmakil", "Nameless Wood": "Le bois sans nom", "No Quarter": "Pas de quartier",
    "One for the Dark Lord": "Un pour le Seigneur Ténébreux", "Onslaught": "Assaut furieux",
    "Relentless Assault": "Assaut implacable", "Scouts": "Éclaireurs",
    "Servant of the Secret Fire": "Serviteur du Feu Secret", "Shield-wall": "Mur de boucliers",
    "Sudden Strike": "Frappe soudaine", "Swarm of Bats": "Nuée de chauves-souris",
    "They Are Terrible": "Ils sont terribles", "Valour": "Bravoure", "We Come to Kill": "Nous venons pour tuer",
    "Words of Power": "Paroles de pouvoir",
}
