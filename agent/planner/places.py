"""Other names of a place a column stores: "United States" for 'USA', "French" for 'France', "Munich" for
'München', "Koln" for 'Köln'.

A value is matched by its own words elsewhere (filters.value_filters); here only what a reader knows and the
catalog cannot: a country's names, codes and demonym (pycountry holds names and codes; the demonyms below),
the English names of cities that are stored in their own language, and the same word without accents.
"""
from __future__ import annotations

import functools
import unicodedata

# Demonyms that do not start like their country's name ("French" / France, "Dutch" / Netherlands).
DEMONYMS = {
    "AR": "argentine argentinian", "AT": "austrian", "AU": "australian", "BE": "belgian", "BR": "brazilian",
    "CA": "canadian", "CH": "swiss", "CL": "chilean", "CN": "chinese", "CO": "colombian", "CZ": "czech",
    "DE": "german", "DK": "danish", "EG": "egyptian", "ES": "spanish", "FI": "finnish", "FR": "french",
    "GB": "british", "GR": "greek", "HU": "hungarian", "IE": "irish", "IL": "israeli",
    "IN": "indian", "IT": "italian", "JP": "japanese", "KR": "korean south-korean", "MX": "mexican",
    "NL": "dutch", "NO": "norwegian", "NZ": "new-zealand kiwi", "PE": "peruvian", "PH": "filipino philippine",
    "PL": "polish", "PT": "portuguese", "RO": "romanian", "RU": "russian", "SE": "swedish", "SG": "singaporean",
    "TR": "turkish", "UA": "ukrainian", "US": "american", "VE": "venezuelan", "ZA": "south-african",
    "IS": "icelandic", "LU": "luxembourgish", "SK": "slovak", "SI": "slovenian", "HR": "croatian",
    "RS": "serbian", "BG": "bulgarian", "EE": "estonian", "LV": "latvian", "LT": "lithuanian", "TH": "thai",
    "VN": "vietnamese", "ID": "indonesian", "MY": "malaysian", "NG": "nigerian", "KE": "kenyan",
    "MA": "moroccan", "SA": "saudi", "AE": "emirati",
}

# Short names people write for a country besides its ISO codes.
COUNTRY_ALIASES = {"US": ("usa", "united states", "united states of america"),
                   "GB": ("uk", "britain", "great britain", "united kingdom", "england"),
                   "NL": ("holland", "the netherlands"), "KR": ("south korea", "korea"), "CZ": ("czechia",),
                   "RU": ("russia",), "AE": ("uae", "emirates"), "CH": ("switzerland",)}

# English names of cities stored under their own language's name (read both ways).
EXONYMS = {
    "münchen": ("munich",), "köln": ("cologne",), "nürnberg": ("nuremberg",), "hannover": ("hanover",),
    "braunschweig": ("brunswick",), "wien": ("vienna",), "zürich": ("zurich",), "genève": ("geneva",),
    "bern": ("berne",), "bruxelles": ("brussels",), "brussel": ("brussels",), "antwerpen": ("antwerp",),
    "gent": ("ghent",), "den haag": ("the hague",), "praha": ("prague",), "warszawa": ("warsaw",),
    "kraków": ("krakow", "cracow",), "wrocław": ("wroclaw", "breslau",), "gdańsk": ("gdansk", "danzig",),
    "moskva": ("moscow",), "sankt-peterburg": ("saint petersburg", "st petersburg",), "kyiv": ("kiev",),
    "roma": ("rome",), "milano": ("milan",), "napoli": ("naples",), "torino": ("turin",), "firenze": ("florence",),
    "venezia": ("venice",), "genova": ("genoa",), "lisboa": ("lisbon",), "sevilla": ("seville",),
    "zaragoza": ("saragossa",), "københavn": ("copenhagen",), "göteborg": ("gothenburg",), "athína": ("athens",),
    "athina": ("athens",), "bucurești": ("bucharest",), "beograd": ("belgrade",), "'s-gravenhage": ("the hague",),
    "luxembourg": ("luxemburg",), "den bosch": ("'s-hertogenbosch",), "lyon": ("lyons",),
    "marseille": ("marseilles",), "québec": ("quebec",), "montréal": ("montreal",), "méxico": ("mexico city",),
    "ciudad de méxico": ("mexico city",), "são paulo": ("sao paulo",), "bogotá": ("bogota",), "beijing": ("peking",),
    "guangzhou": ("canton",), "mumbai": ("bombay",), "chennai": ("madras",), "kolkata": ("calcutta",),
    "yangon": ("rangoon",), "al-qāhira": ("cairo",), "istanbul": ("constantinople",), "nyc": ("new york city", "new york"),
    "sf": ("san francisco",),
}


def folded(text: str) -> str:
    """Lower case without accents ("München" → "munchen", "Zürich" → "zurich")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(ch))


@functools.lru_cache(maxsize=4096)
def other_names(value: str) -> tuple[str, ...]:
    """Lower-case names a question may use for ``value`` beyond the value itself: its accent-free spelling, a
    city's English (or own-language) name, a country's names, codes and demonyms."""
    v = value.strip()
    low = v.lower()
    names = {folded(v)}
    names.update(EXONYMS.get(low, ()))
    names.update(k for k, x in EXONYMS.items() if low in x or folded(v) in x)
    country = _country(v)
    if country is not None:
        a2 = country.alpha_2
        names.update(n.lower() for n in (country.name, getattr(country, "common_name", "")) if n)  # not its codes:
        # "us", "can" and "and" are words too
        names.update(COUNTRY_ALIASES.get(a2, ()))
        names.update(d.replace("-", " ") for d in DEMONYMS.get(a2, "").split())
    names.discard(low)
    return tuple(sorted(n for n in names if n and n != low))


def _country(value: str):
    """The pycountry country ``value`` names (a name, an ISO code, or a usual alias), or None."""
    import pycountry

    v = value.strip()
    if len(v) < 2 or not v.replace(" ", "").replace(".", "").isalpha():
        return None
    for a2, aliases in COUNTRY_ALIASES.items():
        if v.lower() in aliases:
            return pycountry.countries.get(alpha_2=a2)
    if len(v) == 2 and v.isupper():
        return pycountry.countries.get(alpha_2=v)
    if len(v) == 3 and v.isupper():
        return pycountry.countries.get(alpha_3=v)
    try:
        return pycountry.countries.lookup(v)
    except LookupError:
        return None


@functools.lru_cache(maxsize=4096)
def region_names(value: str) -> tuple[str, ...]:
    """The name of a state or province stored as its postal code ("CA" → california, "NSW" → new south wales),
    for a column that holds states: the United States', Canada's and Australia's (pycountry's subdivisions)."""
    import pycountry

    v = value.strip().upper()
    if not (2 <= len(v) <= 3 and v.isalpha()):
        return ()
    return tuple(sorted({s.name.lower() for c in ("US", "CA", "AU") if (s := pycountry.subdivisions.get(code=f"{c}-{v}"))}))
