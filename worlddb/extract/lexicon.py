"""Small word lists the offline extractor types and filters mentions with.

They are deliberately short: common words that start sentences with a capital, a few hundred
well-known names for typing, and suffixes that mark organisations and places. Anything not
listed still becomes an ``Entity``; the lists only sharpen the type or drop obvious noise.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ABBREVIATIONS",
    "COMMON_CAPITALIZED",
    "FIRST_NAMES",
    "KNOWN_ORGS",
    "KNOWN_PHRASES",
    "KNOWN_PLACES",
    "KNOWN_PRODUCTS",
    "KNOWN_TOOLS",
    "NOT_NAMES",
    "ORG_SUFFIXES",
    "PLACE_SUFFIXES",
    "PLACE_WORDS",
    "RELATIONS",
    "SINGLE_RELATIONS",
    "STOP_ACRONYMS",
    "TITLES",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.lower().split())


# Capitalised words that are not names when they appear on their own (greetings, pronouns,
# sentence-opening adverbs, weekdays and months, languages and nationalities, relatives).
COMMON_CAPITALIZED: Final = _words(
    """
    i i'm i've i'll i'd im ive me my mine myself we we're we've we'll our ours us you you're your
    yours he he's him his she she's her hers it it's its they they're them their this that these
    those there here the a an and or but so if then than when while where why how what who whom
    which whose because since after before during until though although also just only even still
    yet already again maybe perhaps probably definitely actually basically honestly seriously
    literally really anyway anyways btw also plus well oh ah hmm um uh ok okay yes yeah yep yup no
    nope nah hi hey hello thanks thank please sorry sure great cool nice awesome wow lol omg
    good bad fine right wait look listen quick question note update today tomorrow yesterday
    tonight now later soon recently lately currently finally eventually first second third last
    next then every each all any some most many much more less few several both either neither
    none nothing something anything everything someone anyone everyone nobody somebody
    can can't could couldn't would wouldn't should shouldn't will won't shall may might must do
    don't does doesn't did didn't is isn't are aren't was wasn't were weren't have haven't has
    hasn't had hadn't be been being let let's got get getting went going gonna wanna gotta
    not never always sometimes usually often once twice mostly mainly especially instead
    besides overall speaking regarding re fyi ps dear congrats congratulations happy merry
    monday tuesday wednesday thursday friday saturday sunday weekend week month year
    january february march april may june july august september october november december
    spring summer fall autumn winter morning afternoon evening night
    english spanish french italian german japanese chinese korean mexican thai indian american
    british canadian australian russian portuguese brazilian greek dutch swedish irish
    jewish muslim christian catholic hindu buddhist mondays tuesdays wednesdays thursdays
    fridays saturdays sundays in on at for from to with by about of as into after before over
    per via under near
    mom mum dad mommy daddy mother father grandma grandpa granny nana papa sis bro
    god jesus lord christmas easter thanksgiving halloween
    internet email wifi covid
    """
)

STOP_ACRONYMS: Final = _words(
    "ok lol btw tv asap fyi imo imho tbh omg am pm id diy faq ps eta aka ceo cto cfo hr it "
    "pr qa rsvp tldr idk irl brb ty thx np wfh ooo pto dm gps atm pdf usb mba phd bsc msc"
)

# Abbreviations whose trailing period belongs to the name.
ABBREVIATIONS: Final = _words("dr. mr. mrs. ms. prof. st. jr. sr. inc. co. corp. ltd. mt. ft.")

TITLES: Final = _words(
    "dr dr. mr mr. mrs mrs. ms ms. miss prof prof. professor sir madam aunt uncle"
)

RELATIONS: Final = _words(
    "sister brother mom mother dad father son daughter wife husband partner boyfriend girlfriend "
    "fiance fiancé fiancee fiancée friend cousin aunt uncle niece nephew grandma grandmother "
    "grandpa grandfather grandson granddaughter boss manager coworker co-worker colleague "
    "roommate neighbor neighbour landlord therapist doctor dentist vet trainer coach teacher "
    "tutor mentor stepdad stepmom stepson stepdaughter"
)
# Relations a person normally has exactly one of at a time (single-valued attributes).
SINGLE_RELATIONS: Final = _words(
    "wife husband partner boyfriend girlfriend fiance fiancé fiancee fiancée boss manager "
    "landlord therapist doctor dentist mom mother dad father"
)

ORG_SUFFIXES: Final = _words(
    "inc inc. corp corp. corporation llc ltd ltd. co co. company group bank university college "
    "school academy hospital clinic labs lab technologies technology tech systems software "
    "solutions foundation institute airlines airways motors studios studio agency association "
    "church partners capital ventures consulting media network networks insurance pharmacy "
    "bakery cafe café restaurant bar gym fitness club store stores market supermarket "
    "department ministry council committee"
)

PLACE_SUFFIXES: Final = _words(
    "city town village county state province street st st. avenue ave road rd boulevard blvd "
    "lane drive park lake river mountain mountains mount mt mt. beach island islands bay valley "
    "hills heights canyon falls airport station square bridge harbor harbour coast peninsula "
    "forest desert national"
)

FIRST_NAMES: Final = _words(
    """
    james john robert michael william david richard joseph thomas charles christopher daniel
    matthew anthony mark donald steven paul andrew joshua kenneth kevin brian george timothy
    ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin
    scott brandon benjamin samuel gregory alexander frank patrick raymond jack dennis jerry
    tyler aaron jose adam nathan henry douglas zachary peter kyle noah ethan jeremy walter
    christian keith roger terry austin sean gerald carl harold dylan arthur lawrence jordan
    jesse bryan billy bruce gabriel joe logan alan juan albert willie elijah wayne randy vincent
    mason roy ralph bobby russell bradley philip eugene liam lucas oliver leo max sam tom ben
    nick alex chris mike dave matt dan jim bob tim steve luis carlos miguel diego pedro raj
    arjun rahul wei jun kenji hiroshi omar ali ahmed mohammed hassan ivan dmitri igor marco
    mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty
    margaret sandra ashley kimberly emily donna michelle carol amanda dorothy melissa deborah
    stephanie rebecca sharon laura cynthia kathleen amy angela shirley anna brenda pamela emma
    nicole helen samantha katherine christine debra rachel carolyn janet catherine maria
    heather diane ruth julie olivia joyce virginia victoria kelly lauren christina joan evelyn
    judith megan andrea cheryl hannah jacqueline martha gloria teresa ann sara madison frances
    kathryn janice jean abigail alice judy sophia grace denise amber doris marilyn danielle
    beverly isabella theresa diana natalie brittany charlotte marie kayla alexis lori mia
    ava chloe zoe lily ella ana sofia lucia elena priya ananya mei yuki aiko fatima leila
    jenny kate katie beth liz meg jess becky nora maya ruby ivy rose claire julia eva nina
    tara tina gina jade kim lucy molly paige piper quinn riley sadie tess
    """
)

KNOWN_PLACES: Final = _words(
    """
    afghanistan argentina australia austria bangladesh belgium bolivia brazil bulgaria canada
    chile china colombia croatia cuba czechia denmark ecuador egypt england estonia ethiopia
    finland france germany ghana greece hungary iceland india indonesia iran iraq ireland
    israel italy jamaica japan jordan kenya korea latvia lebanon lithuania malaysia mexico
    morocco nepal netherlands nigeria norway pakistan peru philippines poland portugal qatar
    romania russia scotland serbia singapore slovakia slovenia spain sweden switzerland taiwan
    tanzania thailand turkey uganda ukraine uruguay venezuela vietnam wales europe asia africa
    usa us uk uae
    alabama alaska arizona arkansas california colorado connecticut delaware florida georgia
    hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts
    michigan minnesota mississippi missouri montana nebraska nevada ohio oklahoma oregon
    pennsylvania tennessee texas utah vermont virginia washington wisconsin wyoming
    london paris berlin madrid barcelona rome milan lisbon amsterdam dublin vienna prague
    budapest warsaw stockholm oslo copenhagen helsinki zurich geneva brussels munich athens
    istanbul moscow dubai mumbai delhi bangalore tokyo kyoto osaka seoul beijing shanghai
    bangkok hanoi manila jakarta sydney melbourne auckland toronto vancouver montreal
    boston chicago denver seattle portland austin dallas houston phoenix atlanta miami
    orlando nashville detroit philadelphia pittsburgh baltimore brooklyn manhattan queens
    sacramento oakland berkeley minneapolis cleveland cincinnati columbus charlotte raleigh
    tucson albuquerque honolulu anchorage vegas lisbon porto seville valencia florence venice
    naples edinburgh glasgow manchester liverpool bristol oxford cambridge lima bogota
    santiago cancun havana cairo nairobi marrakech reykjavik krakow
    """
)

KNOWN_ORGS: Final = _words(
    """
    google alphabet microsoft amazon apple meta facebook netflix spotify uber lyft airbnb tesla
    ibm intel nvidia amd oracle salesforce adobe twitter openai anthropic stripe shopify
    starbucks costco walmart target ikea safeway kroger walgreens cvs
    verizon comcast t-mobile fedex ups dhl delta lufthansa emirates ryanair
    toyota honda ford bmw mercedes audi volkswagen hyundai kia nissan subaru
    deloitte accenture mckinsey kpmg pwc jpmorgan citi paypal
    harvard stanford mit yale princeton columbia oxford cambridge berkeley ucla nyu
    nasa who unicef redcross peloton duolingo etsy ebay
    """
)

KNOWN_TOOLS: Final = _words(
    """
    notion obsidian slack excel word powerpoint outlook gmail figma jira confluence trello asana
    github gitlab zoom teams vscode vim emacs photoshop lightroom canva chatgpt claude python
    javascript typescript rust golang java kotlin swift docker kubernetes linux windows macos
    ubuntu android ios evernote todoist dropbox onedrive airtable tableau salesforce quickbooks
    whatsapp telegram signal discord instagram tiktok strava myfitnesspal anki duolingo
    """
)

KNOWN_PRODUCTS: Final = _words(
    """
    iphone ipad macbook imac airpods kindle pixel galaxy playstation ps5 ps4 xbox switch
    thinkpad surface prius civic corolla camry model roomba fitbit garmin gopro nintendo
    vitamix instant pot dyson peloton lego
    """
)

# Multi-word names whose words would be mistyped one by one.
KNOWN_PHRASES: Final = {
    **dict.fromkeys(
        ("united states", "new york", "new york city", "san francisco", "los angeles",
         "new zealand", "south korea", "hong kong", "san diego", "new orleans", "las vegas",
         "salt lake city", "mexico city", "rio de janeiro", "buenos aires", "cape town",
         "tel aviv", "kuala lumpur", "sao paulo", "costa rica", "puerto rico", "north carolina",
         "south carolina", "new jersey", "new mexico", "new hampshire", "rhode island",
         "west virginia", "north dakota", "south dakota", "washington dc", "bay area",
         "san jose", "st. louis", "st louis", "kansas city", "el paso", "palo alto"),
        "Place",
    ),
    **dict.fromkeys(
        ("whole foods", "trader joe's", "wells fargo", "united airlines", "home depot",
         "best buy", "goldman sachs", "bank of america", "general motors", "red cross",
         "planet fitness", "american airlines", "southwest airlines"),
        "Organization",
    ),
    **dict.fromkeys(("vs code", "google docs", "google sheets", "google drive", "apple notes",
                     "microsoft teams", "final cut", "premiere pro"), "Tool"),
    **dict.fromkeys(("apple watch", "instant pot", "nintendo switch", "steam deck",
                     "model 3", "model y"), "Product"),
}  # fmt: skip

# Capitalised phrases that are not entities under our labelling rules (holidays, seasons' events).
NOT_NAMES: Final = frozenset(
    ("new year's eve", "new year's day", "new year's", "new years eve", "new year", "christmas eve",
     "christmas day", "black friday", "cyber monday", "good friday", "memorial day", "labor day",
     "independence day", "valentine's day", "mother's day", "father's day", "easter sunday",
     "st. patrick's day", "veterans day", "boxing day", "happy birthday", "happy new year")
)  # fmt: skip

# Every word of a known place name, to decide cheaply whether lowercase place lookup can hit.
PLACE_WORDS: Final = frozenset(
    word
    for name in (*KNOWN_PLACES, *(k for k, v in KNOWN_PHRASES.items() if v == "Place"))
    for word in name.split()
)
