from tests.bot.harness import Harness


async def test_lobby_and_start(harness: Harness):
    alice, bob = harness.user("alice"), harness.user("bob")
    posts = await harness.slash(alice, "create", game="confrontation")
    print([ (p.where, p.content, p.text()) for p in posts])
    posts = await harness.slash(bob, "join")
    print([ (p.where, p.content, p.text()) for p in posts])
    posts = await harness.slash(alice, "start", seat="fellowship")
    for p in posts:
        print(p.where, p.recipient, p.text()[:300], p.custom_ids())
    assert False
