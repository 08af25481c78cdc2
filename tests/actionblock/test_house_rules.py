"""House rules where the text is silent, chosen to keep fights decisive, and the rule
that pointless prompts are never offered (docs/rulesets/actionblock.md, section 3)."""

from game.engine.decisions import PICK, REACTION
from game.rulesets.actionblock.components import Conditions, Points
from game.rulesets.actionblock.events import ToHitRolled
from tests.actionblock.kit import answer, battle, events_of, offered, set_points


def test_restore_is_not_offered_two_action_blocks_running():
    """[PROP] a Restore of one kind is refused in the Action Block right after one."""
    b = battle([(1, "swordsman", 0, 0), (2, "target", 9, 0)], [])
    me, foe = b.units()
    set_points(b, me, strength=1, speed=1)
    answer(b, "end_turn")
    answer(b, "end_turn")  # block 2: the options now see the spent points
    answer(b, "restore_strength")
    answer(b, "restore_speed")
    assert b.get(me, Points).strength == 6 and b.get(me, Points).speed == 6
    answer(b, "end_turn")
    answer(b, "end_turn")  # the foe
    # Block 3: neither Restore on offer, though both pools are below their maximum.
    assert b.pending.actor == me
    assert "restore_strength" not in offered(b) and "restore_speed" not in offered(b)
    answer(b, "end_turn")
    answer(b, "end_turn")
    # Block 4: both again.
    assert {"restore_strength", "restore_speed"} <= set(offered(b))


def test_stunning_scream_cannot_stun_again_until_two_turns_are_taken():
    """[PROP] after losing a Turn to a Stun the character takes two Turns before a
    Stunning Scream is offered against it again (no stun-lock)."""
    b = battle([(1, "talker", 0, 0), (2, "target", 1, 0)], [6, 6, 1, 1])
    me, foe = b.units()
    answer(b, "stunning_scream", foe)  # 12 + 1 against 2 + 0: Stunned
    answer(b, "end_turn")
    # The foe lost its Turn; block 2, the talker's Turn: no Scream at the foe.
    assert b.pending.actor == me and b.get(foe, Conditions).stun_guard == 2
    assert "stunning_scream" not in offered(b)
    answer(b, "end_turn")
    answer(b, "end_turn")  # the foe's first Turn taken
    assert "stunning_scream" not in offered(b)
    answer(b, "end_turn")
    answer(b, "end_turn")  # its second Turn taken
    assert b.get(foe, Conditions).stun_guard == 0
    assert "stunning_scream" in offered(b)


def test_shotgun_bullets_are_dodged_each_on_its_own():
    """Shotguns: "a dodging target dodges each bullet separately" (weapons-shotguns):
    a Dodge prompt before each bullet's 1d6, each Dodge paid (1 Speed) on its own.
    Medium armour: Passive Evasion 6; Dodge Boost 1: Active Evasion 8. Gun Boost 1
    gives +2: a bullet hits on 4+ (passive) or 6 (dodging)."""
    b = battle([(1, "boosted_shotgunner", 0, 0), (2, "dodger", 3, 0)], [6, 3, 4, 6, 1, 2])
    me, foe = b.units()
    speed = b.get(foe, Points).speed
    answer(b, "gun", foe, weapon="shotgun")
    for n in range(1, 7):
        d = b.pending
        assert d.kind == REACTION and d.actor == foe and d.context["trigger"] == "dodge"
        assert d.context["bullet"] == n and d.context["bullets"] == 6
        assert len(events_of(b, ToHitRolled)) == n - 1  # asked before this bullet's roll
        answer(b, "dodge" if n in (1, 3) else "pass")
    rolls = events_of(b, ToHitRolled)
    assert [r.evasion for r in rolls] == [8, 6, 8, 6, 6, 6]
    assert [r.hit for r in rolls] == [True, False, False, True, False, False]
    assert b.get(foe, Points).speed == speed - 2


def test_no_block_prompt_against_a_tesla():
    """A Tesla's damage is reduced by Spell DR; a Block raises Physical DR, so it could
    change nothing and is not asked [GAME]."""
    b = battle([(1, "tesla_gunner", 0, 0), (2, "shieldbearer", 3, 0)], [5, 5, 1, 1])
    me, foe = b.units()
    answer(b, "gun", foe, weapon="tesla_pistol")
    assert b.pending.actor == me  # the hit was resolved without asking the target


def _meaningful(battle, decision) -> bool:
    """The answers of a prompt lead to different outcomes."""
    ctx = decision.context
    trigger = ctx.get("trigger")
    if trigger == "dodge":
        return ctx["hit_passive"] != ctx["hit_dodging"]
    if trigger == "block":
        pas = ctx["expected_damage"]["pass"]
        return all(v < pas for k, v in ctx["expected_damage"].items() if k != "pass")
    if trigger == "obstruct":
        return ctx["at"] != ctx["to"]
    if trigger == "redirect":
        return ctx["cost"] > 0
    raise AssertionError(f"unknown prompt kind {trigger!r}")


def test_every_prompt_kind_is_meaningful_in_ai_battles():
    """Walk every REACTION and PICK prompt of a few AI battles: each kind (Dodge, Block,
    Obstruct Movement, spell redirect) is asked only when its answers differ."""
    from game.ai.actionblock import make_ai
    from game.engine.setup import new_battle
    seen: set[str] = set()
    for seed, mapname in ((1, "arena"), (2, "woodland"), (3, "warehouse")):
        b = new_battle(f"maps/{mapname}.tmx", "actionblock", seed=seed, max_rounds=12)
        ais = {team: make_ai(seed * 10 + team) for team in b.teams()}
        try:
            while b.pending is not None:
                d = b.pending
                if d.kind in (REACTION, PICK):
                    assert _meaningful(b, d), (d.prompt, d.context)
                    seen.add(d.context["trigger"])
                b.submit(ais[d.side].decide(b, d))
        finally:
            b.close()
    assert {"dodge", "block"} <= seen
