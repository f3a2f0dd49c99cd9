"""`companion campaign new|record|show|list|undo|boxes`: a campaign, scenario by scenario.

A thin command: the rules live in `companion.rules.campaign`, the boxes in
`companion.shipped.scenarios`, the records in the store, so the app's screens and this
command behave the same. Bad input prints one line on stderr and exits with 2; nothing
is saved unless the whole command succeeded. `show`, `list` and `boxes` open the store
read-only (they work while the app is open); `new`, `record` and `undo` take the
folder's lock.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from companion.cli.storage import BadInput, guarded, opened_store
from companion.i18n import language, t, tn
from companion.rules.campaign import (
    Campaign,
    CampaignBox,
    CampaignCard,
    CardColour,
    campaign_slug,
    colour_of,
)
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import normalize
from companion.shipped.scenarios import campaign_boxes
from companion.usecases.campaign_text import colour_word, status, winners_text

if TYPE_CHECKING:
    from companion.store.store import Store

DEFAULT_BOX = "war-or-peace"


def run(args: argparse.Namespace) -> int:
    action: Callable[[argparse.Namespace], int] = args.campaign_action
    return guarded(action)(args)


def _box(key: str) -> CampaignBox:
    boxes = campaign_boxes()
    wanted = normalize(key)
    for box in boxes.values():
        if wanted == normalize(box.id) or wanted in map(normalize, box.names.values()):
            return box
    raise Rejected(Refusal.UNKNOWN_BOX, "Unknown campaign box '{box}': use one of {known}", box=key,
                   known=", ".join(boxes))


def _stored(store: Store) -> list[dict[str, Any]]:
    found = store.campaigns()
    if isinstance(found, dict):
        found = list(found.values())
    return [c for c in found if isinstance(c, dict)]


def _load(store: Store, key: str) -> Campaign:
    data = store.campaign(key)
    if data is None:
        wanted = normalize(key)
        matches = [c for c in _stored(store) if normalize(str(c.get("name", ""))) == wanted]
        if len(matches) == 1:
            data = matches[0]
        else:
            known = ", ".join(str(c.get("id")) for c in _stored(store)) or t("none yet")
            raise BadInput(t("No campaign '{campaign}'; campaigns: {known}", campaign=key,
                              known=known))
    return Campaign.from_json(data, campaign_boxes())


def _today() -> str:
    return date.today().isoformat()


def _campaign_new(args: argparse.Namespace) -> int:
    box = _box(args.box)
    with opened_store(args) as store:
        base = args.id or campaign_slug(args.name)
        campaign_id = base
        counter = 2
        while store.campaign(campaign_id) is not None:
            if args.id:
                raise BadInput(t("A campaign with id '{id}' already exists; choose another id",
                                  id=args.id))
            campaign_id = f"{base}-{counter}"
            counter += 1
        campaign = Campaign.new(campaign_id, args.name, box, args.player or [],
                                created=datetime.now().replace(microsecond=0).isoformat())
        store.save_campaign(campaign.to_json())
    print(t("Campaign {name} ({box}) created with id {id}; first envelope: {envelope}",
            name=campaign.name, box=box.name_in(language()), id=campaign.id,
            envelope=campaign.next_envelope))
    return 0


def _pair(text: str, what: str) -> tuple[str, int]:
    name, sep, value = text.rpartition("=")
    try:
        number = int(value.strip())
    except ValueError:
        number = None
    if not sep or not name.strip() or number is None:
        raise BadInput(t("Write {what} as PLAYER=POINTS, like Ann=54, not '{text}'",
                          what=what, text=text))
    return name.strip(), number


def _card(text: str) -> CampaignCard:
    parts = text.split(":")
    if len(parts) not in (3, 4) or not all(p.strip() for p in parts[:3]):
        raise BadInput(t("Write a campaign card as PLAYER:CARD:COLOUR[:NAME], like"
                          " \"Bob:PAX-10 (1-01):orange\", not '{text}'", text=text))
    player, card_id, colour = (p.strip() for p in parts[:3])
    name = parts[3].strip() if len(parts) == 4 else ""
    return CampaignCard(card_id, player, colour_of(colour, card_id), name)


def _lost_card(text: str) -> CampaignCard:
    player, sep, card_id = text.partition(":")
    if not sep or not player.strip() or not card_id.strip():
        raise BadInput(t("Write a lost campaign card as PLAYER:CARD, like"
                          " \"Bob:PAX-10 (1-01)\", not '{text}'", text=text))
    return CampaignCard(card_id.strip(), player.strip(), CardColour.ORANGE)


def _date(text: str | None) -> str:
    if text is None:
        return _today()
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise BadInput(t("'{text}' is not a date like 2025-01-31", text=text)) from None


def _campaign_record(args: argparse.Namespace) -> int:
    scores: dict[str, int] = {}
    for item in args.score or []:
        name, points = _pair(item, t("a score"))
        if normalize(name) in map(normalize, scores):
            raise BadInput(t("{player} has two scores; give one per player", player=name))
        scores[name] = points
    gained = [_card(c) for c in args.card or []]
    lost = [_lost_card(c) for c in args.lose or []]
    when = _date(args.date)
    with opened_store(args) as store:
        campaign = _load(store, args.campaign)
        updated = campaign.record(
            args.envelope,
            scores,
            winners=args.winner or [],
            victory=args.victory,
            resolution=args.resolution or "",
            next_envelope=args.next,
            gained=gained,
            lost=lost,
            final=args.final,
            date=when,
        )
        store.save_campaign(updated.to_json())
    _print_outcome(updated)
    return 0


def _print_outcome(campaign: Campaign) -> None:
    play = campaign.plays[-1]
    print(t("Recorded {envelope} in {campaign}: {winners}.", envelope=play.envelope,
            campaign=campaign.name, winners=winners_text(play)))
    print(status(campaign))


def _cards_line(cards: Sequence[CampaignCard]) -> str:
    return "; ".join(
        t("{player}: {card} ({colour})", player=c.player,
          card=f"{c.id} {c.name}".strip() if c.name else c.id,
          colour=colour_word(c.colour))
        for c in cards
    )


def _campaign_show(args: argparse.Namespace) -> int:
    with opened_store(args, read_only=True) as store:
        campaign = _load(store, args.campaign)
    if args.json:
        json.dump(campaign.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    print(t("{name} ({box}), id {id}", name=campaign.name,
            box=campaign.box.name_in(language()), id=campaign.id))
    print(t("Players: {players}", players=", ".join(campaign.players)))
    for index, play in enumerate(campaign.plays):
        scores = ", ".join(f"{p} {s}" for p, s in play.scores)
        print(t("{number}. {envelope} ({date}): {scores}; {winners}", number=index + 1,
                envelope=play.envelope, date=play.date or "–", scores=scores,
                winners=winners_text(play)))
        if play.victory.value == "scenario":
            print("   " + t("Victory by the scenario's own condition"))
        if play.resolution:
            print("   " + t("Resolution: {text}", text=play.resolution))
        if play.next_envelope:
            print("   " + t("Next envelope chosen: {envelope}", envelope=play.next_envelope))
        held = campaign.held(index)
        if held:
            print("   " + t("Orange cards carried in: {cards}", cards=_cards_line(held)))
        if play.gained:
            print("   " + t("Cards gained: {cards}", cards=_cards_line(play.gained)))
        if play.lost:
            print("   " + t("Cards lost: {cards}", cards=_cards_line(play.lost)))
    if campaign.replayed:
        print(tn("Final scenario replayed after {count} perfect tie",
                 "Final scenario replayed after {count} perfect ties", len(campaign.replayed)))
    now = campaign.held(len(campaign.plays))
    if now and not campaign.finished:
        print(t("Orange cards held: {cards}", cards=_cards_line(now)))
    if campaign.plays:
        wins = ", ".join(f"{p} {n}" for p, n in campaign.wins().items())
        print(t("Scenarios won: {wins}", wins=wins))
    print(status(campaign))
    return 0


def _campaign_list(args: argparse.Namespace) -> int:
    boxes = campaign_boxes()
    with opened_store(args, read_only=True) as store:
        stored = _stored(store)
    if not stored:
        print(t("No campaign yet: start one with 'companion campaign new NAME --player ...'"))
        return 0
    for data in stored:
        try:
            campaign = Campaign.from_json(data, boxes)
        except Rejected as exc:
            print(t("{id}: cannot be read ({reason})", id=data.get("id"),
                    reason=t(exc.template, **exc.params)))
            continue
        print(tn("{id}: {name} ({players}); {count} of {total} scenario. {status}",
                 "{id}: {name} ({players}); {count} of {total} scenarios. {status}",
                 campaign.box.scenarios_played,
                id=campaign.id, name=campaign.name, players=", ".join(campaign.players),
                count=len(campaign.plays), total=campaign.box.scenarios_played,
                status=status(campaign)))
    return 0


def _campaign_undo(args: argparse.Namespace) -> int:
    with opened_store(args) as store:
        campaign = _load(store, args.campaign)
        updated = campaign.undo()
        store.save_campaign(updated.to_json())
    print(t("Removed the last record of {campaign}.", campaign=campaign.name))
    print(status(updated))
    return 0


def _campaign_boxes(args: argparse.Namespace) -> int:
    lang = language()
    for box in campaign_boxes().values():
        players = tn("{low} to {high} player", "{low} to {high} players", box.max_players,
                     low=box.min_players, high=box.max_players)
        envelopes = tn("{played} of {count} envelope", "{played} of {count} envelopes",
                       len(box.envelopes), played=box.scenarios_played)
        print(t("{id}: {name}, {players}, {envelopes}: {list}", id=box.id,
                name=box.name_in(lang), players=players, envelopes=envelopes,
                list=", ".join(box.envelopes)))
        for note in box.notes_in(lang):
            print(f"  - {note}")
    return 0


def add_arguments(campaign: argparse.ArgumentParser) -> None:
    campaign.description = t("Record a campaign: the envelopes played, scores, winners,"
                             " resolutions and campaign cards.")
    actions = campaign.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)

    new = actions.add_parser("new", help=t("start a campaign"))
    new.add_argument("name", help=t("a name for this campaign"))
    new.add_argument("--player", action="append", metavar="NAME",
                     help=t("a player (repeat for each player; one for a solo campaign)"))
    new.add_argument("--box", default=DEFAULT_BOX, help=t("campaign box (default: {box})",
                                                          box=DEFAULT_BOX))
    new.add_argument("--id", help=t("id to give the campaign (default: made from its name)"))
    new.set_defaults(campaign_action=_campaign_new)

    record = actions.add_parser("record", help=t("record a scenario of the campaign"))
    record.add_argument("campaign", help=t("campaign id or name"))
    record.add_argument("--envelope", required=True, help=t("envelope played, like C01-SC01"))
    record.add_argument("--score", action="append", metavar="PLAYER=POINTS",
                        help=t("a player's score (repeat for each player)"))
    record.add_argument("--winner", action="append", metavar="PLAYER",
                        help=t("the winner; needed after a tie (repeat for a shared victory)"))
    record.add_argument("--victory", choices=("normal", "scenario"), default="normal",
                        help=t("'scenario' when the scenario sets its own victory condition"
                               " (then --winner may be anyone, or nobody)"))
    record.add_argument("--resolution", help=t("the resolution applied, as free text"))
    record.add_argument("--next", metavar="ENVELOPE",
                        help=t("the envelope the resolution sends you to, if not the next one"))
    record.add_argument("--card", action="append", metavar="PLAYER:CARD:COLOUR[:NAME]",
                        help=t("a campaign card gained, colour orange (kept) or grey (this"
                               " scenario only)"))
    record.add_argument("--lose", action="append", metavar="PLAYER:CARD",
                        help=t("an orange card a resolution takes away"))
    record.add_argument("--final", metavar="replay|PLAYER",
                        help=t("after a perfect tie in the final scenario: 'replay', or the"
                               " player the table names winner"))
    record.add_argument("--date", help=t("date played, like 2025-01-31 (default: today)"))
    record.set_defaults(campaign_action=_campaign_record)

    show = actions.add_parser("show", help=t("show a campaign"))
    show.add_argument("campaign", help=t("campaign id or name"))
    show.add_argument("--json", action="store_true", help=t("print the record as JSON"))
    show.set_defaults(campaign_action=_campaign_show)

    listing = actions.add_parser("list", help=t("list your campaigns"))
    listing.set_defaults(campaign_action=_campaign_list)

    undo = actions.add_parser("undo", help=t("remove the last record of a campaign"))
    undo.add_argument("campaign", help=t("campaign id or name"))
    undo.set_defaults(campaign_action=_campaign_undo)

    boxes = actions.add_parser("boxes", help=t("list the campaign boxes the app knows"))
    boxes.set_defaults(campaign_action=_campaign_boxes)
